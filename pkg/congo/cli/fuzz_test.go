package cli

import (
	"bytes"
	"strings"
	"testing"
)

// fuzzPrograms are the programs FuzzPrograms runs; congo-alphabeta is left
// out because a constructed position full of pieces makes its depth-4 search
// slow, not wrong, and it shares the input code with the others.
var fuzzPrograms = []string{"congo-setup", "congo-moves", "congo-move", "congo-eval", "congo-minimax", "congo-adveval"}

// FuzzPrograms feeds arbitrary stdin to the batch programs: they never
// panic, exit 0 with nothing on stderr, or exit 2 with one stderr line that
// names the input line.
func FuzzPrograms(f *testing.F) {
	f.Add(uint8(0), "2\n"+goodFEN+"\n1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79\n")
	f.Add(uint8(1), "1\n"+goodFEN+"\n")
	f.Add(uint8(2), "1\n"+goodFEN+"\n"+goodMove+"\n")
	f.Add(uint8(2), "1\n7/P6/2ls1s1/1g5/4p2/ps1ppS1/2L4 b 1\nd2c1\n")
	f.Add(uint8(3), "3\n"+goodFEN+"\r\n7/7/34/7/7/7/7 w 1\n")
	f.Add(uint8(4), " 1 \n 7/7/2l4/7/7/2L4/7 W 08 ")
	f.Add(uint8(5), "x\n")
	f.Fuzz(func(t *testing.T, which uint8, input string) {
		prog := fuzzPrograms[int(which)%len(fuzzPrograms)]
		var out, errb bytes.Buffer
		code := programs[prog](nil, strings.NewReader(input), &out, &errb)
		stderr := errb.String()
		switch code {
		case 0:
			if stderr != "" {
				t.Fatalf("%s: exit 0 with stderr %q", prog, stderr)
			}
		case 2:
			if !strings.HasPrefix(stderr, prog+": line ") || strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") {
				t.Fatalf("%s: exit 2 with stderr %q", prog, stderr)
			}
		default:
			t.Fatalf("%s: exit %d, stderr %q", prog, code, stderr)
		}
	})
}
