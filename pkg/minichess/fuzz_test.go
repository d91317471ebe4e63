package minichess_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// FuzzParseState checks that ParseState never panics, that its errors are
// short *StateError lines naming the file, and that an accepted position round-trips
// through AppendState with at most one piece per square.
func FuzzParseState(f *testing.F) {
	start := minichess.StartPosition()
	good := start.AppendState(nil)
	f.Add(good)
	f.Add(bytes.ReplaceAll(good, []byte("\n"), []byte("\r\n")))
	f.Add(good[:90])
	f.Add([]byte("7" + string(good[1:])))
	f.Add([]byte("1" + strings.Repeat(" 6", 60)))
	f.Add(append(append([]byte{}, good...), '0'))
	f.Add([]byte("0 99999999999999999999999"))
	f.Add(append([]byte("\ufeff"), good...))
	f.Add([]byte("0 " + strings.Repeat("7", 100)))
	f.Add([]byte("0\n \xff\xfe"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := minichess.ParseState(bytes.NewReader(data), "state")
		if err != nil {
			msg := err.Error()
			var se *minichess.StateError
			if !strings.HasPrefix(msg, "state") || strings.ContainsAny(msg, "\r\n") || len(msg) > 200 ||
				!errors.As(err, &se) || se.Byte >= len(data) {
				t.Fatalf("bad error message %q", msg)
			}
			return
		}
		for r := range minichess.Rows {
			for c := range minichess.Cols {
				if p.Board[0][r][c] != 0 && p.Board[1][r][c] != 0 {
					t.Fatalf("two pieces on one square accepted")
				}
			}
		}
		out := p.AppendState(nil)
		if len(out) != 136 {
			t.Fatalf("AppendState gave %d bytes", len(out))
		}
		q, err := minichess.ParseState(bytes.NewReader(out), "state")
		if err != nil || q != p {
			t.Fatalf("round trip: %v", err)
		}
		if q, err := minichess.ParseFEN(p.FEN()); err != nil || q != p {
			t.Fatalf("FEN round trip of %q: %v", p.FEN(), err)
		}
	})
}

// FuzzParseAction checks that ParseAction never panics or fails on an
// in-memory reader, and that its results are consistent.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"4 0 3 0\n4 1 3 1\n4 2", "4 0 3 0 junk 4 1 3 1\n", "-1 0 3 0\n", "hello", "", "+-1", "1 2 3 99999999999"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, n, err := minichess.ParseAction(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if n < 0 || n == 0 && m != minichess.NoMove || n > len(data) {
			t.Fatalf("move %v, count %d", m, n)
		}
		_ = m.Render()
		if mv, ok := m.Move(); ok && mv.Raw() != m {
			t.Fatalf("Move() of %v = %v", m, mv)
		}
	})
}

// FuzzParseFEN checks that ParseFEN never panics, that its errors are
// short single lines, and that an accepted position prints to a FEN that
// parses back to it.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{"kqbnr/ppppp/5/5/PPPPP/RNBQK w", "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1", "3PP/3PP/3PP/k2PP/3PP/3PK w", "5/5/5/5/5/5 b", "k4/1P3/5/5/5/4K x",
		"\ufeffkqbnr/ppppp/5/5/PPPPP/RNBQK w", "kqbnr/ppppp/5/5/PPPPP/RNBQK\u00a0w", "kqbnr/ppppp/5/5/PPPPP/RNBQ\xe9 w"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := minichess.ParseFEN(s)
		if err != nil {
			if msg := err.Error(); strings.ContainsAny(msg, "\r\n") || len(msg) > 200 {
				t.Fatalf("bad error %q", msg)
			}
			return
		}
		q, err := minichess.ParseFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q -> %q: %v", s, p.FEN(), err)
		}
		list, _ := p.LegalMoves(nil)
		for _, m := range list {
			_ = p.Play(m)
		}
	})
}
