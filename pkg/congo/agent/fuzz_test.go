package agent

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/congo"
)

// FuzzAgent feeds arbitrary command streams to congo-agent at depth 1: it
// never panics or stops early, exits 0, writes only moves (legal ones, in
// the position it holds) or 0000 on stdout, one per go, and only
// "congo-agent: line N: ..." lines on stderr.
func FuzzAgent(f *testing.F) {
	f.Add("newgame\nposition g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\ngo 5\nmoves d6d5\ngo 5\n")
	f.Add("moves a6a5 zz\ngo\ngo -1\nposition 7/7/2l4/7/7/2L4/7 w 8\ngo 1\ngo 1\nmoves c5c2\n")
	f.Add("position 3l3/7/7/7/7/7/P6 w 5\r\ngo 1\r\nhello\n\n\tquit\ngo 1\n")
	f.Add("position 1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79\ngo .5\nposition 7/7/7/7/7/7/m6 b 5\ngo 1")
	f.Fuzz(func(t *testing.T, input string) {
		var out, errb bytes.Buffer
		code := Run([]string{"-depth", "1"}, strings.NewReader(input), &out, &errb)
		if code != 0 {
			t.Fatalf("exit %d, stderr %q", code, errb.String())
		}
		gos := 0
		for _, l := range strings.Split(input, "\n") {
			c, _ := cutToken(l)
			if c == "quit" {
				break
			}
			if c == "go" {
				gos++
			}
		}
		replies := strings.Fields(out.String())
		if len(replies) != gos || strings.Count(out.String(), "\n") != gos {
			t.Fatalf("%d go commands, stdout %q", gos, out.String())
		}
		for _, r := range replies {
			if _, ok := congo.ParseMove(r); !ok && r != "0000" {
				t.Fatalf("reply %q", r)
			}
		}
		if s := errb.String(); s != "" {
			for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
				if !strings.HasPrefix(l, "congo-agent: line ") {
					t.Fatalf("stderr line %q", l)
				}
			}
		}
	})
}

// FuzzParseSeconds checks that an accepted go argument is a positive
// duration of at most maxSeconds.
func FuzzParseSeconds(f *testing.F) {
	for _, s := range []string{"5", "0.1", ".5", "1e3", "-1", "", "99999999999999999999", "0.000000000001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseSeconds(s)
		if err == nil && (d <= 0 || d.Seconds() > maxSeconds) {
			t.Fatalf("ParseSeconds(%q) = %v", s, d)
		}
	})
}
