package tree

import (
	"errors"
	"testing"
)

// FuzzParse: any input parses, or fails with a ParseError inside the
// input; a parsed tree is written back as a tree that parses the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{classic, "[1]", "[[1,[2,-3]], 4]", "[", "[]", "[1,,2]", "[-]"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		tr, err := Parse(in)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset > len(in) {
				t.Fatalf("%q: %v", in, err)
			}
			return
		}
		again, err := Parse([]byte(tr.String(0)))
		if err != nil || again.String(0) != tr.String(0) || again.Height != tr.Height {
			t.Fatalf("%q: written %q: %v", in, tr.String(0), err)
		}
		AlphaBeta.Solve(tr)
	})
}
