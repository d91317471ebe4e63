package checker

import (
	"bytes"
	"errors"
	"io"
	"sort"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/congo"
)

// fuzzSeeds are request streams with every form and many mistakes.
var fuzzSeeds = []string{
	"moves\ng2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\nnext\ng2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\nd2d3\n",
	"moves g2l2z/ppppppp/7/7/3P3/PPP1PPP/G2L2Z b 0\nnext g2l2z/ppppppp/7/7/3P3/PPP1PPP/G2L2Z b 0 d6d5\n",
	"next 2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0\nc1c3\n\nnext\n3l3/1P5/7/7/7/3P3/3L3 w 30\nb6a7\n",
	"moves\r\n3l3/7/7/7/7/7/P6 w 5\r\nnext 3l3/7/7/7/7/3L3/7 w 8 d2d7\r\n",
	"moves\n7/7/34/7/7/7/7 w 1\nnext\n7/7/2l4/7/7/2L4/7 w 8 extra\nc2c5\nquit now\nhello\n",
	"next 7/7/2l4/7/7/2L4/7 w\nmoves  7/7/2l4/7/7/2L4/7   B   08 \nnext\n",
	"next\n1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79\nc7c6\nquit\nmoves\n",
	"moves",
}

// FuzzReader checks that every request read from arbitrary input is read
// back the same from its one-line and its multi-line form, and that every
// bad request names a line that was read (or the one after, at the end of
// input).
func FuzzReader(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		lines := strings.Count(input, "\n") + 1
		rd := NewReader(strings.NewReader(input))
		for n := 0; ; n++ {
			if n > lines {
				t.Fatalf("more requests than lines")
			}
			req, err := rd.Next()
			if err == io.EOF {
				return
			}
			var re *RequestError
			if errors.As(err, &re) {
				if re.Line < 1 || re.Line > rd.line+1 || strings.Contains(re.Msg, "\n") {
					t.Fatalf("error %q after %d lines", re, rd.line)
				}
				continue
			}
			if err != nil {
				t.Fatalf("read error %v", err)
			}
			if req.Line < 1 || req.Line > rd.line {
				t.Fatalf("request at line %d after %d lines", req.Line, rd.line)
			}
			if req.Op == Quit {
				continue
			}
			fen := req.Pos.String()
			one, multi := req.Op.String()+" "+fen, req.Op.String()+"\n"+fen
			if req.Op == Next {
				one += " " + req.Move.String()
				multi += "\n" + req.Move.String()
			}
			for _, s := range []string{one, multi} {
				got, err := NewReader(strings.NewReader(s)).Next()
				if err != nil || got.Op != req.Op || got.Pos.String() != fen || got.Move != req.Move {
					t.Fatalf("%q read back as %v %q %v (%v)", s, got.Op, got.Pos.String(), got.Move, err)
				}
			}
		}
	})
}

// FuzzChecker feeds arbitrary input to congo-checker: it never panics or
// stops early, exits 0, writes one line per request — "error" for exactly
// the requests reported on stderr, otherwise a sorted list of legal-looking
// moves or a FEN the checker reads again — and only "congo-checker: line
// N: ..." lines on stderr.
func FuzzChecker(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var out, errb bytes.Buffer
		if code := Run(nil, strings.NewReader(input), &out, &errb); code != 0 {
			t.Fatalf("exit %d, stderr %q", code, errb.String())
		}
		// The requests up to quit, as the reader sees them.
		want, bad := 0, 0
		for rd := NewReader(strings.NewReader(input)); ; want++ {
			req, err := rd.Next()
			if err == io.EOF || err == nil && req.Op == Quit {
				break
			}
			if err != nil {
				bad++
			}
		}
		replies := strings.Split(out.String(), "\n")
		if replies[len(replies)-1] != "" || len(replies)-1 != want {
			t.Fatalf("%d requests, stdout %q", want, out.String())
		}
		errReplies := 0
		for _, r := range replies[:want] {
			switch {
			case r == ErrorReply:
				errReplies++
			case strings.Count(r, " ") == 2 && strings.Contains(r, "/"):
				if _, err := congo.ParseGameFEN(r); err != nil { // a reply is a request's FEN again
					t.Fatalf("reply %q: %v", r, err)
				}
			default:
				ms := strings.Fields(r)
				if strings.Join(ms, " ") != r || !sort.StringsAreSorted(ms) {
					t.Fatalf("reply %q", r)
				}
				for _, m := range ms {
					if _, ok := congo.ParseMove(m); !ok {
						t.Fatalf("reply %q", r)
					}
				}
			}
		}
		stderr := strings.TrimSuffix(errb.String(), "\n")
		var lines []string
		if stderr != "" {
			lines = strings.Split(stderr, "\n")
		}
		if errReplies != bad || len(lines) != bad {
			t.Fatalf("%d bad requests, %d error replies, stderr %q", bad, errReplies, errb.String())
		}
		for _, l := range lines {
			if !strings.HasPrefix(l, "congo-checker: line ") {
				t.Fatalf("stderr line %q", l)
			}
		}
	})
}
