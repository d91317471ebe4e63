package gamedef

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
)

// FuzzMatchMorrisBoard: a -start board string parses exactly when it has
// one W, B or x per point, and formats back to itself.
func FuzzMatchMorrisBoard(f *testing.F) {
	b := morris.BoardOf(morris.S22)
	f.Add(strings.Repeat("x", b.N))
	f.Add("WWBBxxxxxxxxxxxxxxxxxx")
	f.Add("WB")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parseMorrisBoard(s, b)
		if err != nil {
			return
		}
		if got := p.Format(b.N); got != s {
			t.Fatalf("%q formats back as %q", s, got)
		}
	})
}
