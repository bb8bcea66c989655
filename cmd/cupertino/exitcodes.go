package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/cupertino-go/cupertino/crawler"
	"github.com/cupertino-go/cupertino/enrich"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/bundle"
	"github.com/cupertino-go/cupertino/internal/ingest"
	"github.com/cupertino-go/cupertino/internal/verify"
	"github.com/cupertino-go/cupertino/mcp"
	"github.com/cupertino-go/cupertino/ranker"
)

// Exit codes. Scripts and CI rely on these staying put; docs/commands.md
// lists them, with the errors below, from exitCodeMeanings and exitCodes.
const (
	exitOK         = 0
	exitFailure    = 1  // anything not listed below
	exitUsage      = 2  // bad flags or arguments
	exitCollision  = 3  // save finished but the door recorded tier-C collisions
	exitLocked     = 4  // another save holds the index lock
	exitIncomplete = 5  // fetch or eval finished with failures
	exitNotFound   = 6  // no index yet, or the document asked for does not exist
	exitDownload   = 7  // setup could not download the bundle; a rerun resumes
	exitDamaged    = 8  // a bundle part failed its checksum or the bundle is malformed
	exitIncompat   = 9  // the bundle does not fit this binary
	exitNoSpace    = 10 // not enough free disk space (save, setup)
	exitFindings   = 11 // verify found unknown, deprecated or unavailable references
	exitUpdate     = 12 // setup --check: the bundle differs from the installed index
	exitInterrupt  = 130
)

// exitCodeMeanings documents each code, in order.
var exitCodeMeanings = []struct {
	code    int
	meaning string
}{
	{exitOK, "success"},
	{exitFailure, "failure not listed below, or a question answered no"},
	{exitUsage, "bad flags or arguments, with a usage line"},
	{exitCollision, "save wrote the index, but tier-C URI collisions were recorded"},
	{exitLocked, "another save, setup or cleanup holds the index lock"},
	{exitIncomplete, "fetch or eval finished with failures"},
	{exitNotFound, "no index, no source, no bundle (or bundle part) at the address, or the document asked for does not exist"},
	{exitDownload, "setup could not download the bundle (network error, timeout, HTTP error); run it again to resume"},
	{exitDamaged, "a bundle part failed its sha256 or does not unpack, or the manifest is malformed; nothing was installed"},
	{exitIncompat, "the bundle's schema or minimum version does not fit this binary; the message names the version to install"},
	{exitNoSpace, "not enough free disk space for save or setup; nothing was installed"},
	{exitFindings, "verify found unknown, deprecated or unavailable references (listed on stdout)"},
	{exitUpdate, "setup --check: a bundle other than the installed index is available (`cupertino update` installs it)"},
	{exitInterrupt, "interrupted (Ctrl-C / SIGTERM)"},
}

// exitCodes maps the sentinel errors of the packages cmd drives to exit
// codes: the one table. Sentinels that are plain failures are listed with
// exitFailure, so that TestEverySentinelHasItsExitCode can tell a forgotten
// one from a deliberate one.
var exitCodes = []struct {
	name string
	err  error
	code int
}{
	{"ingest.ErrCollisions", ingest.ErrCollisions, exitCollision},
	{"ingest.ErrNoSources", ingest.ErrNoSources, exitNotFound},
	{"index.ErrLocked", index.ErrLocked, exitLocked},
	{"index.ErrNotFound", index.ErrNotFound, exitNotFound},
	{"index.ErrDocumentNotFound", index.ErrDocumentNotFound, exitNotFound},
	{"index.ErrSchemaVersion", index.ErrSchemaVersion, exitFailure},
	{"index.ErrCorrupt", index.ErrCorrupt, exitFailure},
	{"index.ErrLowDisk", index.ErrLowDisk, exitNoSpace},
	{"index.ErrDuplicateURI", index.ErrDuplicateURI, exitFailure},
	{"index.ErrClosed", index.ErrClosed, exitFailure},
	{"index.ErrNoDocsTable", index.ErrNoDocsTable, exitFailure},
	// Programming errors of a caller inside the binary (a table or column
	// name outside index's own lists): nothing a user typed reaches them.
	{"index.ErrUnknownColumn", index.ErrUnknownColumn, exitFailure},
	{"index.ErrNotFullText", index.ErrNotFullText, exitFailure},
	{"crawler.ErrIncomplete", crawler.ErrIncomplete, exitIncomplete},
	{"crawler.ErrConfig", crawler.ErrConfig, exitUsage},
	{"crawler.ErrBadGuide", crawler.ErrBadGuide, exitUsage},
	{"crawler.ErrLocked", crawler.ErrLocked, exitLocked},
	{"crawler.ErrNoChromium", crawler.ErrNoChromium, exitFailure},
	{"crawler.ErrGit", crawler.ErrGit, exitFailure},
	// Per-page failures: a crawl records them and ends in ErrIncomplete.
	{"crawler.ErrNotFound", crawler.ErrNotFound, exitFailure},
	{"crawler.ErrNoCapture", crawler.ErrNoCapture, exitFailure},
	{"crawler.ErrPageTooLarge", crawler.ErrPageTooLarge, exitFailure},
	{"crawler.ErrOffOrigin", crawler.ErrOffOrigin, exitFailure},
	{"crawler.ErrRequestTimeout", crawler.ErrRequestTimeout, exitFailure},
	{"crawler.ErrPlaceholder", crawler.ErrPlaceholder, exitFailure},
	{"crawler.ErrMalformed", crawler.ErrMalformed, exitFailure},
	{"crawler.ErrBadPath", crawler.ErrBadPath, exitFailure},
	{"enrich.ErrUnknownPass", enrich.ErrUnknownPass, exitUsage},
	{"enrich.ErrDependencyCycle", enrich.ErrDependencyCycle, exitFailure},
	{"enrich.ErrNoSymbolGraphs", enrich.ErrNoSymbolGraphs, exitUsage},
	{"ranker.ErrUnknownFramework", ranker.ErrUnknownFramework, exitUsage},
	{"ranker.ErrEmptyQuery", ranker.ErrEmptyQuery, exitUsage},
	{"ranker.ErrBadLanguage", ranker.ErrBadLanguage, exitUsage},
	{"ranker.ErrBadYear", ranker.ErrBadYear, exitUsage},
	{"ranker.ErrUnknownSource", ranker.ErrUnknownSource, exitUsage},
	{"ranker.ErrBadVersion", ranker.ErrBadVersion, exitUsage},
	{"ranker.ErrUnknownKind", ranker.ErrUnknownKind, exitUsage},
	{"mcp.ErrWrite", mcp.ErrWrite, exitFailure},
	{"mcp.ErrHTTPConfig", mcp.ErrHTTPConfig, exitUsage},
	// Tool-call errors reach the agent as isError results, not exit codes.
	{"mcp.ErrBadArgument", mcp.ErrBadArgument, exitFailure},
	{"mcp.ErrUnknownFramework", mcp.ErrUnknownFramework, exitUsage}, // ranker's sentinel
	{"mcp.ErrTimeout", mcp.ErrTimeout, exitFailure},
	{"bundle.ErrNotFound", bundle.ErrNotFound, exitNotFound},
	{"bundle.ErrNetwork", bundle.ErrNetwork, exitDownload},
	{"bundle.ErrRedirect", bundle.ErrRedirect, exitDownload},
	{"bundle.ErrChecksum", bundle.ErrChecksum, exitDamaged},
	{"bundle.ErrManifest", bundle.ErrManifest, exitDamaged},
	{"bundle.ErrIncompatible", bundle.ErrIncompatible, exitIncompat},
	{"bundle.ErrUnknownSource", bundle.ErrUnknownSource, exitUsage},
	{"bundle.ErrUnsafePath", bundle.ErrUnsafePath, exitFailure},
	{"verify.ErrEmptyCode", verify.ErrEmptyCode, exitUsage},
	{"verify.ErrTooLarge", verify.ErrTooLarge, exitFailure},
	{"verify.ErrTooComplex", verify.ErrTooComplex, exitFailure},
	{"verify.ErrNotSwift", verify.ErrNotSwift, exitFailure},
	{"verify.ErrBadTarget", verify.ErrBadTarget, exitUsage},
	{"verify.ErrNoSymbols", verify.ErrNoSymbols, exitFailure},
	{"verify.ErrNotRegular", verify.ErrNotRegular, exitUsage},
	{"errFindings", errFindings, exitFindings},
	{"errUpdateAvailable", errUpdateAvailable, exitUpdate},
	{"errGatesFailed", errGatesFailed, exitIncomplete},
	{"errAnsweredNo", errAnsweredNo, exitFailure},
	{"errUnhealthy", errUnhealthy, exitFailure},
}

// errAnsweredNo means the person answered no to a question; nothing was
// done. It is not an interrupt.
var errAnsweredNo = errors.New("answered no: nothing was done")

// usageError marks errors caused by how the command was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// exitCoder lets domain errors carry their exit code without main importing
// every package's sentinels twice.
type exitCoder interface{ ExitCode() int }

func exitCode(err error) int {
	var ue usageError
	var ec exitCoder
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, context.Canceled):
		return exitInterrupt
	case errors.As(err, &ue):
		return exitUsage
	case errors.As(err, &ec):
		return ec.ExitCode()
	}
	for _, m := range exitCodes {
		if errors.Is(err, m.err) {
			return m.code
		}
	}
	return exitFailure
}
