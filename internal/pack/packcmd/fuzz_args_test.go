package packcmd

import (
	"slices"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/pack"
)

// FuzzParseArgs feeds command lines (arguments separated by NUL bytes) to
// the packager's parser: it must never panic, every error must be a
// *UsageError with a message (and the course, when one is known, that the
// message does not repeat), and whatever it accepts must name a known
// course, with only that course's flags, a move limit and report budgets
// in range and well-formed platforms.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"", "-h", "congo", "congo\x00abc123", "congo\x00ab", "starcircle\x00XYZ99", "minichess",
		"minichess\x00abc\x00def", "-platforms\x00linux/amd64,windows/amd64\x00minichess",
		"-platforms\x00linux\x00minichess", "-max-moves\x005\x00congo\x00abc", "-max-moves=-3\x00congo\x00abc",
		"-dist\x00/tmp/x\x00-repo\x00.\x00starcircle\x00abc", "morris\x00abc123", "-no-bin\x00morris\x00abc123",
		"-no-bin\x00congo\x00abc", "-report-nodes\x00100\x00minichess", "-report-openings\x003\x00minichess", "-bogus",
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
			ue, ok := err.(*pack.UsageError)
			if !ok || ue.Msg == "" {
				t.Fatalf("%q: error %v (%T)", args, err, err)
			}
			// The course comes with its error, for Run to name it once.
			if _, rerr := findRecipe(course); course != "" && (rerr != nil || strings.HasPrefix(ue.Msg, course+":")) {
				t.Fatalf("%q: course %q with error %q", args, course, ue.Msg)
			}
			return
		}
		r, err := findRecipe(course)
		if err != nil {
			t.Fatalf("%q: accepted course %q", args, course)
		}
		flags := r.FlagNames()
		if cfg.MaxMoves != 0 && !slices.Contains(flags, "max-moves") || cfg.NoBin && !slices.Contains(flags, "no-bin") ||
			cfg.Platforms != nil && !slices.Contains(flags, "platforms") || cfg.ReportNodes != 0 && !slices.Contains(flags, "report-nodes") ||
			cfg.ReportOpenings != 0 && !slices.Contains(flags, "report-openings") {
			t.Fatalf("%q: accepted a flag of another course for %s: %+v", args, course, cfg)
		}
		if cfg.MaxMoves < 0 || cfg.MaxMoves > 10000 || cfg.ReportNodes > 1e8 || cfg.ReportOpenings < 0 || cfg.ReportOpenings > 10000 {
			t.Fatalf("%q: accepted -max-moves %d, -report-nodes %d, -report-openings %d", args, cfg.MaxMoves, cfg.ReportNodes, cfg.ReportOpenings)
		}
		for _, pl := range cfg.Platforms {
			if !pack.ValidPlatform(pl) {
				t.Fatalf("%q: accepted platform %q", args, pl)
			}
		}
	})
}
