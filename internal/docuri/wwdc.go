package docuri

import (
	"errors"
	"fmt"
	"strings"
)

// ErrBadWWDC means a WWDC year or session id that cannot name a session.
var ErrBadWWDC = errors.New("not a WWDC year and session id")

// maxWWDCID bounds a session id; Apple's are numbers of up to six digits.
const maxWWDCID = 32

// WWDCSession returns wwdc://<year>/<id> for a session, after trimming
// spaces: the year four ASCII digits, the id 1 to 32 ASCII letters, digits,
// '-' or '_'. Anything else (a "..", a slash, a newline, a bidirectional
// control) is ErrBadWWDC, quoted in the message so it never reaches a
// terminal raw: these values come from files on disk, and the URI becomes
// part of every answer that cites the session.
func WWDCSession(year, id string) (string, error) {
	year, id = strings.TrimSpace(year), strings.TrimSpace(id)
	if !isWWDCYear(year) || !isWWDCID(id) {
		return "", fmt.Errorf("%w: year %+q, id %+q", ErrBadWWDC, year, id)
	}
	return "wwdc://" + year + "/" + id, nil
}

func isWWDCYear(s string) bool {
	if len(s) != 4 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isWWDCID(s string) bool {
	if s == "" || len(s) > maxWWDCID {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' {
			return false
		}
	}
	return true
}
