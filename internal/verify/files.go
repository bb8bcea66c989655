package verify

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ReadPaths reads the files to check from paths: a file is read as it is,
// a directory for its Swift files, the Objective-C headers that may
// declare names for them (a bridging header) and its Xcode projects, whose
// file lists name the project's types. Hidden folders, build
// products and checked-out dependencies are skipped.
func ReadPaths(paths []string) ([]File, error) {
	var out []File
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", p, err)
		}
		if !info.IsDir() {
			f, err := readFile(p)
			if err != nil {
				return nil, err
			}
			out = append(out, f)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				if path != p && (strings.HasPrefix(name, ".") || name == "build" || name == "DerivedData" || name == "Pods" || name == "Carthage") {
					return filepath.SkipDir
				}
				return nil
			}
			if ext := strings.ToLower(filepath.Ext(name)); ext == ".swift" || ext == ".h" || ext == ".pbxproj" {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("walk %s: %w", p, err)
		}
		sort.Strings(found)
		for _, path := range found {
			f, err := readFile(path)
			if err != nil {
				return nil, err
			}
			out = append(out, f)
		}
	}
	return out, nil
}

func readFile(path string) (File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return File{}, fmt.Errorf("read %s: %w", path, err)
	}
	return File{Path: path, Code: string(data)}, nil
}
