package arena_test

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/morris/arena"
)

// FuzzParsePlayer checks that the player and engine-feature parsers of
// morris-strength never panic, that an accepted player is named by its
// specification, and that an accepted feature list only flips flags.
func FuzzParsePlayer(f *testing.F) {
	for _, s := range []string{"standard:4", "improved:2", "engine:1s", "engine:nodes=100", "engine:depth=6",
		"exec:0:a:b", "exec:3:a -x:b -y", "engine:", "exec::::", "standard:99999999999999999999", "-tt,+lmr", "+futility, history"} {
		f.Add(s)
	}
	b := morris.BoardOf(morris.S22)
	f.Fuzz(func(t *testing.T, s string) {
		if strings.HasPrefix(s, "engine:") && !strings.Contains(s, "=") {
			// A timed engine player allocates its table; keep the fuzzer
			// fast by not building one for every input.
			s = strings.Replace(s, "engine:", "engine:nodes=", 1)
		}
		p, err := arena.ParsePlayer(s, b, nil)
		if err == nil && p.Name() != s {
			t.Fatalf("player %q is named %q", s, p.Name())
		}
		if err != nil && !strings.Contains(err.Error(), "player") {
			t.Fatalf("error %q does not name the player", err)
		}
		opt, err := engine.ParseFeatures(s)
		if err != nil {
			return
		}
		o := morris.EngineOptions()
		opt(&o)
		if o.NoMoves != morris.EngineOptions().NoMoves || o.HashMiB != morris.EngineOptions().HashMiB {
			t.Fatalf("%q changed more than flags", s)
		}
	})
}
