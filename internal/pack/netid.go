package pack

import (
	"fmt"
	"regexp"
)

// NetIDPattern is the accepted form of a NetID: it names the archive and
// its single top-level folder, as the student gives it (the case is kept:
// the Morris handout asks for the archive named by the NetID).
var NetIDPattern = regexp.MustCompile(`^[A-Za-z0-9]{3,20}$`)

// NetID checks s against [NetIDPattern] and returns it unchanged.
func NetID(s string) (string, error) {
	if !NetIDPattern.MatchString(s) {
		return "", fmt.Errorf("NETID %q: want 3 to 20 letters or digits", s)
	}
	return s, nil
}
