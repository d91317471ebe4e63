package toolkit

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
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
		sp, err := kit.ParsePlayerSpec(text)
		if err != nil {
			if !strings.Contains(err.Error(), "player") {
				t.Fatalf("error %q does not name the player", err)
			}
			return
		}
		if sp.Kind != kit.SpecKind(text) {
			t.Fatalf("kind %q, specKind %q", sp.Kind, kit.SpecKind(text))
		}
		if sp.Kind == "exec" && len(sp.Command) == 0 {
			t.Fatalf("exec without a command accepted: %q", text)
		}
		if sp.Kind != "engine" {
			return
		}
		e, err := kit.ParseEngineSpec(sp, engine.DefaultOptions(), 0)
		if err != nil {
			if !strings.Contains(err.Error(), "player") {
				t.Fatalf("error %q does not name the player", err)
			}
			return
		}
		if e.Options.LMR && !e.Options.PVS || e.Depth < 0 || e.Depth >= engine.MaxPly || e.Options.HashMiB < 1 ||
			e.Depth == 0 && e.Nodes == 0 && e.Time == 0 {
			t.Fatalf("bad engine settings accepted from %q: %+v", text, e)
		}
	})
}
