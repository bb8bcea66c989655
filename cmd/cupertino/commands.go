package main

import (
	"context"

	"github.com/spf13/cobra"
)

// commands lists every top-level command in the order `cupertino --help`
// shows them. Each lives in a file of its own as an options struct, a run
// function and a constructor binding flags to the options; adding a command
// is one line here and that file.
func commands(io *iostreams) []*cobra.Command {
	return []*cobra.Command{
		newSetupCmd(io, runSetup),
		newFetchCmd(io, runFetch),
		newSaveCmd(io, runSave),
		newUpdateCmd(io, runUpdate),
		newEnrichCmd(io, runEnrich),
		newBundleCmd(io, runBundle),
		newSearchCmd(io, runSearch),
		newReadCmd(io, runRead),
		newListFrameworksCmd(io, runListFrameworks),
		newListSourcesCmd(io, runListSources),
		newVerifyCmd(io, runVerify),
		newServeCmd(io, runServe),
		newDoctorCmd(io, runDoctor),
		newCleanupCmd(io, runCleanup),
		newEvalCmd(io),
		newBenchCmd(io),
	}
}

// commandSpec is what a command declares besides its flags: its help, the
// positional arguments it takes (none when Args is nil) and Check, which,
// when set, copies the arguments into the options and rejects flag values
// with a usage error before the run function is called.
type commandSpec struct {
	Use, Short, Long string
	Args             cobra.PositionalArgs
	Check            func(args []string) error
}

// newCommand returns the command spec describes, whose RunE runs Check and
// then runF with opts. The constructors take runF from their caller so that a
// test can see the options a command line produces without running anything.
func newCommand[O any](opts *O, runF func(context.Context, *O) error, spec commandSpec) *cobra.Command {
	args := spec.Args
	if args == nil {
		args = cobra.NoArgs
	}
	return &cobra.Command{
		Use:   spec.Use,
		Short: spec.Short,
		Long:  spec.Long,
		Args:  args,
		RunE: func(cmd *cobra.Command, a []string) error {
			if spec.Check != nil {
				if err := spec.Check(a); err != nil {
					return err
				}
			}
			return runF(cmd.Context(), opts)
		},
	}
}
