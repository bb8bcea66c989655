package main

import "github.com/spf13/cobra"

// newEvalCmd groups the evaluation harnesses.
func newEvalCmd(io *iostreams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "eval",
		Short: "Measure search quality and whether grounding makes agents write correct Swift",
		Args:  cobra.NoArgs,
	}
	cmd.AddCommand(newEvalSearchCmd(io, runEvalSearch), newEvalAgentCmd())
	return cmd
}
