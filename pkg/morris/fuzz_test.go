package morris_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
)

// FuzzParseBoard checks that the board parser never panics, that a
// rejected board gets a short one-line *ParseError, that an accepted board prints back as the trimmed input, and, on accepted boards,
// the generator properties of docs/morris.md §4.8: Black's children are the swap
// construction, children are unique, and the fast move count equals the
// list length.
func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{
		"xxxxxxxxWWxWWxBBBxxxxx\n", "WWxxxWxxxBWxxxBxxxxxBx\r\n", "xxxxxxxWxxxxxxBxxxxxx",
		"WxBxBxWBxxBxxxxxWx", "BWxxxxxxBWxxxxBxBxxWxxB", "", " \t", "xxX", "WWWBBBWBxBxxBxxxxxxBxx",
		"WxxxxxWxxxxxxxxWBBBxBx\n\nx", "\ufeffxxxxxxxxWWxWWxBBBxxxxx", "xx\xe9\xe9xxxxxx",
	} {
		f.Add([]byte(s), uint8(0), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, k uint8, forced bool) {
		kind := morris.Kinds()[int(k)%len(morris.Kinds())]
		p, kind, err := morris.ParseBoard(data, kind, forced)
		if err != nil {
			var pe *morris.ParseError
			if !errors.As(err, &pe) || strings.ContainsAny(err.Error(), "\r\n") || len(err.Error()) > 200 ||
				(pe.Line > 0 && (pe.Byte < 0 || pe.Byte >= len(data))) {
				t.Fatalf("bad error %q for %q", err, data)
			}
			return
		}
		b := morris.BoardOf(kind)
		if got := p.Format(b.N); got != string(bytes.TrimSpace(data)) {
			t.Fatalf("Format %q, input %q", got, data)
		}
		var buf, sbuf []morris.Node
		for _, ph := range []morris.Phase{morris.Opening, morris.Game} {
			bl := morris.Node{Position: p, Black: true}
			sw := morris.Node{Position: p.Swap()}
			buf = b.AppendChildren(buf[:0], &bl, ph)
			sbuf = b.AppendChildren(sbuf[:0], &sw, ph)
			if len(buf) != len(sbuf) {
				t.Fatalf("black %d children, swap %d", len(buf), len(sbuf))
			}
			seen := map[morris.Position]bool{}
			for i := range buf {
				if buf[i].Position != sbuf[i].Position.Swap() {
					t.Fatalf("child %d differs from the swap construction", i)
				}
				if seen[buf[i].Position] {
					t.Fatalf("duplicate child %s", buf[i].Format(b.N))
				}
				seen[buf[i].Position] = true
			}
			if b.CountMoves(&bl, ph) != len(buf) {
				t.Fatalf("CountMoves %d, list %d", b.CountMoves(&bl, ph), len(buf))
			}
			if len(buf) > 528 {
				t.Fatalf("%d children", len(buf))
			}
		}
	})
}
