package arena

import (
	"strings"
	"testing"
)

// FuzzParseMove: an external program's reply either is a move whose name is
// the reply (upper case) or "pass", or an error.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"F4-H2", "pass", "PASS", "a1-b2", "I9-A1", "F4H2", "", "F4-H2-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := parseMove(s)
		if err != nil {
			return
		}
		if got := m.String(); got != strings.ToUpper(s) && !(got == "pass" && strings.EqualFold(s, "pass")) {
			t.Fatalf("%q parsed as %v", s, m)
		}
	})
}
