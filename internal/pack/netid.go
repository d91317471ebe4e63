package pack

import (
	"fmt"
	"regexp"
	"strings"
)

// NetIDPattern is the accepted form of a NetID (after lower-casing): it
// names the archive and its single top-level folder.
var NetIDPattern = regexp.MustCompile(`^[a-z0-9]{3,20}$`)

// NetID lower-cases s and checks it against [NetIDPattern].
func NetID(s string) (string, error) {
	id := strings.ToLower(s)
	if !NetIDPattern.MatchString(id) {
		return "", fmt.Errorf("NETID %q: want 3 to 20 letters or digits", s)
	}
	return id, nil
}
