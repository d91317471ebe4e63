package tictactoe_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/tictactoe"
)

// FuzzParse feeds arbitrary inputs to the program's parser: it must never
// panic; a rejected input gets an *InputError with a line number, a byte
// offset inside that line and a short one-line message; an accepted one is
// a valid, unfinished position whose rows re-parse to itself and whose
// reference output is a legal move and a node count.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"...\n...\n...\n", "X..\n.O.\n..X", "XX.\r\nOO.\r\n...\r\n", "\n  XOX \n\n OXO\nX..\n\n",
		"XXX\nOO.\n...\n", "XOX\nXOO\nOXX\n", "X.\n...\n...\n", "...\n...\n...\n...\n", "x..\n...\n...\n",
		"\ufeff...\n...\n...\n", "..\xff\n...\n...\n", "X\u00e9\n...\n...\n", "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := tictactoe.Parse(data)
		if err != nil {
			var ie *tictactoe.InputError
			if !errors.As(err, &ie) || ie.Line < 1 || ie.Byte < -1 || strings.ContainsAny(err.Error(), "\n\r") || len(err.Error()) > 300 {
				t.Fatalf("bad error %q for %q", err, data)
			}
			lines := strings.Split(string(data), "\n")
			if ie.Line <= len(lines) && ie.Byte >= len(lines[ie.Line-1])+1 {
				t.Fatalf("byte %d outside line %d of %q", ie.Byte, ie.Line, data)
			}
			return
		}
		if p.Over() || tictactoe.Validate(&p) != nil {
			t.Fatalf("accepted %q as %v", data, p)
		}
		q, err := tictactoe.Parse([]byte(p.Rows()))
		if err != nil || q != p {
			t.Fatalf("rows of %v re-parse as %v, %v", p, q, err)
		}
		out, err := tictactoe.Reference(data)
		if err != nil {
			t.Fatal(err)
		}
		move, _, _ := strings.Cut(out, "\n")
		if len(move) != 1 || move[0] < '1' || move[0] > '9' || p.Cell(int(move[0]-'1')) != '.' || strings.Count(out, "\n") != 2 {
			t.Fatalf("output %q for %v", out, p)
		}
	})
}
