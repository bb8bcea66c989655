package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// schemaObjectPattern finds the tables and indexes schemaDDL creates.
var schemaObjectPattern = regexp.MustCompile(`(?m)^CREATE (?:VIRTUAL TABLE|TABLE|UNIQUE INDEX|INDEX) (\w+)`)

// schemaObjects lists, sorted, every table and index of SchemaVersion.
func schemaObjects() []string {
	var names []string
	for _, m := range schemaObjectPattern.FindAllStringSubmatch(schemaDDL, -1) {
		names = append(names, m[1])
	}
	sort.Strings(names)
	return names
}

// optionalIndexes are indexes added to SchemaVersion after files of it
// shipped: their readers check for them and read without them (more
// slowly, or with a check left off), so a file without one is not damaged.
var optionalIndexes = setOfNames("doc_children_title", "doc_children_leaf")

func setOfNames(names ...string) map[string]bool {
	out := map[string]bool{}
	for _, n := range names {
		out[n] = true
	}
	return out
}

// MissingSchema returns the tables and indexes of SchemaVersion that the
// file lacks, but optionalIndexes. Open checks only the three it cannot
// work without; search, read and the symbol tools need the rest, so
// `doctor` asks for all of them.
func (s *Store) MissingSchema(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT name FROM sqlite_master WHERE type IN ('table', 'index')")
	if err != nil {
		return nil, classifyOpenError(err)
	}
	defer rows.Close()
	present := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, classifyOpenError(err)
		}
		present[name] = true
	}
	if err := rows.Err(); err != nil {
		return nil, classifyOpenError(err)
	}
	var missing []string
	for _, name := range schemaObjects() {
		if !present[name] && !optionalIndexes[name] {
			missing = append(missing, name)
		}
	}
	return missing, nil
}

// CheckSchema is MissingSchema as an error: ErrCorrupt naming what is
// missing, or nil.
func (s *Store) CheckSchema(ctx context.Context) error {
	missing, err := s.MissingSchema(ctx)
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: missing %v", ErrCorrupt, missing)
	}
	return nil
}

// Leftover is a file a save writes beside the index while it runs.
type Leftover struct {
	Path string
	Size int64
}

// Leftovers lists the in-flight files beside dbPath ("<db>.in-flight", its
// journal, the in-flight audit log) and whether a save is running now. With
// no save running they are what a killed save left: dead weight, safe to
// delete. The lock is taken and released at once to find out.
func Leftovers(dbPath string) (files []Leftover, saveRunning bool, err error) {
	if fi, err := os.Stat(filepath.Dir(dbPath)); err != nil || !fi.IsDir() {
		return nil, false, nil // no index folder, so nothing left in it
	}
	lock, err := LockForSave(dbPath)
	switch {
	case errors.Is(err, ErrLocked):
		saveRunning = true
	case err != nil:
		return nil, false, err
	default:
		lock.Release()
	}
	files, err = inFlightFiles(dbPath)
	return files, saveRunning, err
}

// inFlightFiles lists the in-flight files beside dbPath: "<db>.in-flight"
// and its journal, the audit log's, and any other "<db>*.in-flight" (an
// older setup's installed manifest).
func inFlightFiles(dbPath string) (files []Leftover, err error) {
	matches, err := filepath.Glob(globEscape(dbPath) + "*.in-flight*")
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(dbPath)
	stem := strings.TrimSuffix(filepath.Base(dbPath), filepath.Ext(dbPath))
	audit, _ := filepath.Glob(filepath.Join(globEscape(dir), globEscape(stem)+".audit.jsonl.in-flight"))
	for _, m := range append(matches, audit...) {
		if fi, err := os.Lstat(m); err == nil && fi.Mode().IsRegular() {
			files = append(files, Leftover{Path: m, Size: fi.Size()})
		}
	}
	return files, nil
}

// globEscape quotes the glob metacharacters of a literal path.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
