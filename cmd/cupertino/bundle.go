package main

import (
	"context"
	"fmt"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/internal/bundle"
	dotted "github.com/cupertino-go/cupertino/internal/version"
)

// bundleOptions are the flags of `cupertino bundle`.
type bundleOptions struct {
	IO         *iostreams
	DB         dbFlags
	Out        string
	MinVersion string
}

func newBundleCmd(io *iostreams, runF func(context.Context, *bundleOptions) error) *cobra.Command {
	opts := &bundleOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "bundle --out DIR",
		Short: "Pack the index into a release bundle that setup installs",
		Long: `Pack search.db into --out as a release bundle: manifest.json and one
zstd-compressed file per part, "shared", "search" (the full-text index of every
source) and one per source, so that setup can leave sources out. The manifest
lists the bundle and schema versions, the corpus date (when the index was
built), each file's sha256, compressed and unpacked size, the documents per
source and the oldest cupertino that reads it (--min-version, by default this
binary's release version).

The same index packed by the same cupertino release with the same flags gives
the same bytes. Publish the folder's files as the assets of the release that
` + "`cupertino setup`" + ` looks for (bundle-v<bundle version>-schema<schema version>).`,
		Check: func(_ []string) error {
			if opts.Out == "" {
				return usageErrorf("--out is required: the folder to write the bundle into")
			}
			if opts.MinVersion != "" {
				if _, err := dotted.Parse(opts.MinVersion); err != nil {
					return usageErrorf("--min-version: %v", err)
				}
			}
			return nil
		},
	})
	opts.DB.bind(cmd.Flags())
	cmd.Flags().Lookup("search-db").Usage = "index to pack (default <base-dir>/search.db)"
	cmd.Flags().StringVar(&opts.Out, "out", "", "folder to write manifest.json and the part files into")
	cmd.Flags().StringVar(&opts.MinVersion, "min-version", "", "oldest cupertino release that may install the bundle (default: this binary's version, 0.0.0 for a development build)")
	return cmd
}

func runBundle(ctx context.Context, o *bundleOptions) error {
	start := time.Now()
	m, err := bundle.Pack(ctx, bundle.PackOptions{
		DBPath:           o.DB.path(),
		OutDir:           o.Out,
		MinBinaryVersion: o.MinVersion,
		BinaryVersion:    version,
		Step: func(part string) {
			fmt.Fprintf(o.IO.Err, "pack %s (%s)\n", part, time.Since(start).Round(100*time.Millisecond))
		},
	})
	if err != nil {
		return err
	}
	w := o.IO.Out
	fmt.Fprintf(w, "Bundle v%d, index schema %d, corpus of %s, for cupertino %s or later\n",
		m.BundleVersion, m.SchemaVersion, m.CorpusDate, m.MinBinaryVersion)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "part\tfile\tsize\tunpacked\tdocuments\t")
	var total, unpacked int64
	for _, p := range m.Parts {
		total += p.Size
		unpacked += p.UnpackedSize
		docs := ""
		if p.Documents > 0 {
			docs = fmt.Sprint(p.Documents)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", p.Name, p.File, humanBytes(p.Size), humanBytes(p.UnpackedSize), docs)
	}
	fmt.Fprintf(tw, "total\t\t%s\t%s\t\t\n", humanBytes(total), humanBytes(unpacked))
	tw.Flush()
	fmt.Fprintf(w, "Manifest: %s\nElapsed: %s\n", filepath.Join(o.Out, bundle.ManifestFile), time.Since(start).Round(100*time.Millisecond))
	return nil
}
