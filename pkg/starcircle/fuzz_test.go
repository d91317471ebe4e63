package starcircle_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// FuzzParse feeds arbitrary inputs to the parser: it must never panic; a
// rejected input gets an *InputError with a line number and a short
// one-line message; an accepted one is a valid problem that formats and
// re-parses to itself and can be solved.
func FuzzParse(f *testing.F) {
	dir := filepath.Join(testutil.RepoRoot(f), "testdata", "starcircle")
	for _, c := range handout {
		data, err := os.ReadFile(filepath.Join(dir, c.name+".input.txt"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(start))
	f.Add([]byte(edit(12, "0.5,1,1.25,2,3,4,5,6e1")))
	f.Add([]byte(edit(12, "-2.5,-1,0,.5,1.,2,3,4")))
	f.Add([]byte(edit(4, "0,S9,0,C1,0,0,0,0")))
	f.Add([]byte(edit(3, "10")))
	f.Add([]byte(edit(3, "+3")))
	f.Add([]byte("\ufeff" + good))
	f.Add([]byte(edit(12, "0.30000000000000004,1,2,3,4,5,6,7")))
	f.Add([]byte(edit(12, "0.300000000000000004,1,2,3,4,5,6,7")))
	f.Add([]byte(edit(7, " 0 ,\t"+strings.Repeat("\xff", 100)+",0,0,0,0,0,0")))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := starcircle.Parse(data)
		if err != nil {
			var ie *starcircle.InputError
			if !errors.As(err, &ie) || ie.Line < 1 || ie.Byte < -1 || strings.ContainsAny(err.Error(), "\n\r") || len(err.Error()) > 300 {
				t.Fatalf("bad error %q for %q", err, data)
			}
			return
		}
		if p.Depth < 1 || p.Depth > starcircle.MaxDepth {
			t.Fatalf("depth %d accepted", p.Depth)
		}
		for i := 1; i < 8; i++ {
			if p.Values[i] <= p.Values[i-1] {
				t.Fatalf("values %v accepted", p.Values)
			}
		}
		text := p.Format()
		q, err := starcircle.Parse([]byte(text))
		if err != nil {
			t.Fatalf("formatted problem rejected: %v\n%s", err, text)
		}
		if *q != *p {
			t.Fatalf("round trip changed the problem:\n%s", text)
		}
		p.Depth = min(p.Depth, 2)
		a := starcircle.Solve(p)
		if out := a.Format(p.Scale); strings.Count(out, "\n") != 3 || a.Nodes < 2 {
			t.Fatalf("output %q", out)
		}
	})
}
