package roundrobin

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/congo"
)

// FuzzParseArgs feeds command lines (arguments separated by NUL bytes) to
// the congo-roundrobin argument parser: it must never panic, and whatever
// it accepts must be a configuration PlayGame accepts.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"", "-h", "-max-moves\x003", "-max-moves=0", "-rules\x002022", "-rules\x002023",
		"-start\x007/7/2l4/7/7/2L4/7 w 8", "-start\x00x", "-o\x00f.md\x00-games\x00d", "extra", "-bogus",
		"-start=2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 4\x00-max-moves=100",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var args []string
		if s != "" {
			args = strings.Split(s, "\x00")
		}
		o, err := parseArgs(args)
		if err != nil {
			if err != errHelp && err.Error() == "" {
				t.Fatalf("%q: empty error", args)
			}
			return
		}
		if o.cfg.MaxMoves < 1 || o.cfg.MaxMoves > 10000 {
			t.Fatalf("%q: accepted move limit %d", args, o.cfg.MaxMoves)
		}
		if o.cfg.Edition != congo.Edition2021 && o.cfg.Edition != congo.Edition2022 {
			t.Fatalf("%q: rules %v", args, o.cfg.Edition)
		}
		p, err := congo.ParseFEN(o.cfg.Start)
		if err != nil || p.LionMissing() {
			t.Fatalf("%q: accepted start %q (%v)", args, o.cfg.Start, err)
		}
	})
}
