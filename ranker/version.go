package ranker

import "github.com/cupertino-go/cupertino/internal/version"

// ErrBadVersion means a platform version filter is not dotted decimal
// numbers (internal/version parses and compares them).
var ErrBadVersion = version.ErrBad
