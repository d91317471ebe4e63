package course

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/pack"
)

// FuzzParseArgs feeds command lines (arguments separated by NUL bytes) to
// the pack command's parser: it must never panic, every error must be a
// *UsageError with a message, and whatever it accepts must name a known
// course with a valid NETID (optional only for minichess), a move limit in
// range and well-formed platforms.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"", "-h", "congo", "congo\x00abc123", "congo\x00ab", "starcircle\x00XYZ99", "minichess",
		"minichess\x00abc\x00def", "-platforms\x00linux/amd64,windows/amd64\x00minichess",
		"-platforms\x00linux\x00minichess", "-max-moves\x005\x00congo\x00abc", "-max-moves=-3\x00congo\x00abc",
		"-dist\x00/tmp/x\x00-repo\x00.\x00starcircle\x00abc", "morris\x00abc123", "-bogus",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var args []string
		if s != "" {
			args = strings.Split(s, "\x00")
		}
		course, cfg, _, err := parseArgs(args)
		if err == errHelp {
			return
		}
		if err != nil {
			ue, ok := err.(*UsageError)
			if !ok || ue.Msg == "" {
				t.Fatalf("%q: error %v (%T)", args, err, err)
			}
			return
		}
		known := false
		for _, c := range Courses {
			known = known || c == course
		}
		if !known {
			t.Fatalf("%q: accepted course %q", args, course)
		}
		if cfg.NetID == "" && course != "minichess" || cfg.NetID != "" && !pack.NetIDPattern.MatchString(cfg.NetID) {
			t.Fatalf("%q: accepted NETID %q for %s", args, cfg.NetID, course)
		}
		if cfg.MaxMoves < 0 || cfg.MaxMoves > 10000 {
			t.Fatalf("%q: accepted -max-moves %d", args, cfg.MaxMoves)
		}
		for _, pl := range cfg.Platforms {
			if !validPlatform(pl) {
				t.Fatalf("%q: accepted platform %q", args, pl)
			}
		}
	})
}
