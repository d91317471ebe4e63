package toolkit

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// FuzzMatchPlayerSpec: any PLAYER argument either parses or is rejected
// with an error naming it, never a panic; a parsed engine setting list
// gives options the engine accepts (LMR only with PVS, limits in range).
func FuzzMatchPlayerSpec(f *testing.F) {
	for _, s := range []string{"engine", "engine:depth=3,tt=off", "engine,nodes=100", "exec:prog a b",
		"exec,depth=2,algorithm=minimax:/bin/prog", "alphabeta:depth=4", "engine:lmr=on,pvs=off",
		"engine:time=100ms,hash=4", "x:y=z,y=w", ":", ",", "exec:", "engine:=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sp, err := parsePlayerSpec(text)
		if err != nil {
			if !strings.Contains(err.Error(), "player") {
				t.Fatalf("error %q does not name the player", err)
			}
			return
		}
		if sp.kind != specKind(text) {
			t.Fatalf("kind %q, specKind %q", sp.kind, specKind(text))
		}
		if sp.kind == "exec" && len(sp.command) == 0 {
			t.Fatalf("exec without a command accepted: %q", text)
		}
		if sp.kind != "engine" {
			return
		}
		e, err := parseEngineSpec(sp, engine.DefaultOptions(), 0)
		if err != nil {
			if !strings.Contains(err.Error(), "player") {
				t.Fatalf("error %q does not name the player", err)
			}
			return
		}
		if e.opt.LMR && !e.opt.PVS || e.depth < 0 || e.depth >= engine.MaxPly || e.opt.HashMiB < 1 ||
			e.depth == 0 && e.nodes == 0 && e.time == 0 {
			t.Fatalf("bad engine settings accepted from %q: %+v", text, e)
		}
	})
}

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
