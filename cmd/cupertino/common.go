package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"

	"github.com/cupertino-go/cupertino/enrich"
	"github.com/cupertino-go/cupertino/index"
)

// loggerFor returns a text logger on w honouring CUPERTINO_LOG.
func loggerFor(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: logLevel()}))
}

// enrichFinish is the hook save runs before committing: every enrich pass on
// the in-flight database, one line each on w. Commit then rebuilds the symbol
// full-text index and the counts the passes touched. Recovery reads the
// manifest the save just wrote, as the audit log is still open.
func enrichFinish(w io.Writer) func(context.Context, *index.Builder) error {
	return func(ctx context.Context, b *index.Builder) error {
		_, err := enrich.RunInFlight(ctx, b, enrich.Options{Out: w, Logger: loggerFor(w)})
		return err
	}
}

// printJSON writes v as indented JSON, the form every --json and
// --format json output takes.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
