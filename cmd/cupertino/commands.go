package main

import "github.com/spf13/cobra"

// commands lists every top-level command in the order `cupertino --help`
// shows them. Each lives in a file of its own as an options struct, a run
// function and a constructor binding flags to the options; adding a command
// is one line here and that file.
func commands(io *iostreams) []*cobra.Command {
	return []*cobra.Command{
		newSetupCmd(io, runSetup),
		newFetchCmd(io, runFetch),
		newSaveCmd(io, runSave),
		newEnrichCmd(io, runEnrich),
		newBundleCmd(io, runBundle),
		newSearchCmd(io, runSearch),
		newReadCmd(io, runRead),
		newListFrameworksCmd(io, runListFrameworks),
		newServeCmd(io, runServe),
		newDoctorCmd(io, runDoctor),
		newCleanupCmd(io, runCleanup),
		newEvalCmd(io),
		newBenchCmd(io),
	}
}
