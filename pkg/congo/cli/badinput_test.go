package cli

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/internal/badfen"
	"gotest.tools/v3/assert"
)

const (
	goodFEN  = "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"
	goodMove = "d1d2"
)

// goodCase returns the lines of one valid case of prog.
func goodCase(prog string) string {
	if prog == "congo-move" {
		return goodFEN + "\n" + goodMove + "\n"
	}
	return goodFEN + "\n"
}

func runProg(prog string, args []string, input string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = programs[prog](args, strings.NewReader(input), &out, &errb)
	return code, out.String(), errb.String()
}

// TestBadInput checks docs/congo.md ("Bad input") for every program: one
// stderr line "<program>: line <L>: ...", exit status 2, and on stdout
// exactly the output of the valid cases before the bad line.
func TestBadInput(t *testing.T) {
	for prog := range programs {
		perCase := 1
		if prog == "congo-move" {
			perCase = 2
		}
		_, goodOut, _ := runProg(prog, nil, "1\n"+goodCase(prog))
		if prog == "congo-setup" {
			goodOut = strings.TrimSuffix(goodOut, "\n") + "\n" // one block
		}
		type badCase struct {
			name, input string
			line        int
			stdout      string
			msg         string // the message after "line N: ", when checked
		}
		cases := []badCase{
			{"empty input", "", 1, "", ""},
			{"blank first line", "\n" + goodCase(prog), 1, "", ""},
			{"N not a number", "abc\n" + goodCase(prog), 1, "", ""},
			{"N negative", "-1\n" + goodCase(prog), 1, "", ""},
			{"N fractional", "2.5\n" + goodCase(prog), 1, "", ""},
			{"N larger than the lines", "3\n" + goodCase(prog) + goodCase(prog), 2 + 2*perCase, strings.Repeat(goodOut, 2), ""},
			{"N larger, no final newline", "2\n" + strings.TrimSuffix(goodCase(prog), "\n"), 2 + perCase, goodOut, ""},
		}
		if prog == "congo-setup" {
			cases[5].stdout = goodOut + "\n" + goodOut
		}
		// The invalid FENs of the table shared with congo-checker's tests;
		// the Part programs read the GameOnly ones (TestGameOnlyFENs).
		for _, b := range badfen.FENs() {
			if !b.GameOnly {
				cases = append(cases, badCase{"FEN " + b.Name, "2\n" + goodCase(prog) + b.Text + "\n", 2 + perCase, goodOut, b.Want()})
			}
		}
		if prog == "congo-move" {
			for _, m := range []string{"e2-e4", "h1h2", "a0a1", "e2e", "", "d1d4", "d7d6", "a1a2"} {
				cases = append(cases, badCase{"move " + m, "2\n" + goodCase(prog) + goodFEN + "\n" + m + "\n", 5, goodOut, ""})
			}
			cases = append(cases, badCase{"missing move line", "2\n" + goodCase(prog) + goodFEN + "\n", 5, goodOut, ""})
		}
		for _, tc := range cases {
			t.Run(prog+"/"+tc.name, func(t *testing.T) {
				code, stdout, stderr := runProg(prog, nil, tc.input)
				assert.Equal(t, code, 2, stderr)
				prefix := fmt.Sprintf("%s: line %d: ", prog, tc.line)
				assert.Assert(t, strings.HasPrefix(stderr, prefix), "stderr %q, want prefix %q", stderr, prefix)
				if tc.msg != "" {
					assert.Equal(t, stderr, prefix+tc.msg+"\n")
				}
				assert.Equal(t, strings.Count(stderr, "\n"), 1, "stderr %q is not one line", stderr)
				assert.Assert(t, strings.HasSuffix(stderr, "\n"))
				assert.Equal(t, stdout, tc.stdout)
			})
		}
	}
}

// TestGameOnlyFENs: the FENs of the shared table that only congo-checker
// refuses (an upper-case side letter, a lion outside its castle) are read
// by every Part program, as docs/congo.md ("FEN") says.
func TestGameOnlyFENs(t *testing.T) {
	n := 0
	for _, b := range badfen.FENs() {
		if !b.GameOnly {
			continue
		}
		n++
		p, err := congo.ParseFEN(b.Text)
		assert.NilError(t, err, b.Name)
		moves := p.GenerateMoves(nil)
		for prog := range programs {
			in := "1\n" + b.Text + "\n"
			if prog == "congo-move" {
				if len(moves) == 0 {
					continue
				}
				in += moves[0].String() + "\n"
			}
			code, stdout, stderr := runProg(prog, nil, in)
			assert.Equal(t, code, 0, "%s %s: %s", prog, b.Name, stderr)
			assert.Assert(t, stdout != "" && stderr == "", "%s %s", prog, b.Name)
		}
	}
	assert.Assert(t, n >= 4, "%d GameOnly rows", n)
}

// TestBadFlags checks the flag errors: one line without a line number, exit
// status 2, nothing on stdout; and -h exits 0.
func TestBadFlags(t *testing.T) {
	for prog := range programs {
		tests := [][]string{
			{"-rules", "2023"},
			{"-rules=foo"},
			{"-rules"},
			{"-nosuchflag"},
			{"foo"},
			{"-rules", "2021", "extra"},
		}
		if prog == "congo-moves" {
			tests = append(tests, []string{"-piece", "queen"}, []string{"-piece", "Lion"})
		} else {
			tests = append(tests, []string{"-piece", "lion"})
		}
		for _, args := range tests {
			code, stdout, stderr := runProg(prog, args, "1\n"+goodCase(prog))
			assert.Equal(t, code, 2, "%s %v", prog, args)
			assert.Equal(t, stdout, "", "%s %v", prog, args)
			assert.Assert(t, strings.HasPrefix(stderr, prog+": ") && !strings.Contains(stderr, "line "), "%s %v: %q", prog, args, stderr)
			assert.Equal(t, strings.Count(stderr, "\n"), 1, "%s %v: %q", prog, args, stderr)
		}
		code, stdout, stderr := runProg(prog, []string{"-rules", "2023"}, "")
		assert.Equal(t, code, 2)
		assert.Equal(t, stdout, "")
		assert.Equal(t, stderr, prog+`: -rules: want 2021 or 2022, got "2023"`+"\n")
		code, stdout, stderr = runProg(prog, []string{"-h"}, "")
		assert.Equal(t, code, 0)
		assert.Equal(t, stdout, "")
		assert.Assert(t, strings.Contains(stderr, "usage: "+prog), stderr)
	}
}

// TestNotErrors checks the inputs docs/congo.md ("Bad input") says are fine.
func TestNotErrors(t *testing.T) {
	for prog := range programs {
		_, want, _ := runProg(prog, nil, "1\n"+goodCase(prog))
		inputs := []string{
			"1\r\n" + strings.ReplaceAll(goodCase(prog), "\n", "\r\n"),
			"  1  \n" + goodCase(prog) + "garbage after the last case\n",
			"1\n" + strings.TrimSuffix(goodCase(prog), "\n"),
			"1\n" + strings.Replace(goodCase(prog), " w ", " W ", 1),
			"1\n" + strings.Replace(goodCase(prog), " 4\n", " 0004\n", 1),
			"1\n\t " + strings.ReplaceAll(goodCase(prog), " ", "  \t"),
		}
		for _, in := range inputs {
			code, stdout, stderr := runProg(prog, nil, in)
			assert.Equal(t, code, 0, "%s %q: %s", prog, in, stderr)
			assert.Equal(t, stdout, want, "%s %q", prog, in)
			assert.Equal(t, stderr, "")
		}
		code, stdout, stderr := runProg(prog, nil, "0\n")
		assert.Equal(t, code, 0)
		assert.Equal(t, stdout+stderr, "")
		// No lions, pawns on their last ranks, lions outside their castles.
		fen := "P6/7/7/3L3/7/7/p6 b 3"
		in := "1\n" + fen + "\n"
		if prog == "congo-move" {
			in += "a1a2\n"
		}
		code, _, stderr = runProg(prog, nil, in)
		assert.Equal(t, code, 0, "%s: %s", prog, stderr)
		code, _, stderr = runProg(prog, nil, strings.Replace(in, "3L3", "7", 1))
		assert.Equal(t, code, 0, "%s: %s", prog, stderr)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestOutputFailure checks exit status 1 when stdout cannot be written.
func TestOutputFailure(t *testing.T) {
	for prog, run := range programs {
		var errb bytes.Buffer
		code := run(nil, strings.NewReader("1\n"+goodCase(prog)), failWriter{}, &errb)
		assert.Equal(t, code, 1, prog)
		assert.Assert(t, strings.HasPrefix(errb.String(), prog+": "), errb.String())
	}
}

// TestHostileInput checks the error line of inputs written to confuse: it
// names the byte offset of the offending text in its line, quotes at most a
// short prefix of it with every unusual byte escaped, and stays short
// whatever the length of the line.
//
// The FEN lines of this kind are rows of the shared table of invalid FENs
// (pkg/congo/internal/badfen), which TestBadInput runs through every
// program.
func TestHostileInput(t *testing.T) {
	long := strings.Repeat("1", 10<<20)
	for prog := range programs {
		cases := []struct{ input, want string }{
			{"\ufeff1\n" + goodCase(prog), `line 1: byte 0: case count "\ufeff1": want a decimal integer >= 0`},
			{"+1\n" + goodCase(prog), `line 1: byte 0: case count "+1": want a decimal integer >= 0`},
			{" \t1_0\n" + goodCase(prog), `line 1: byte 2: case count "1_0": want a decimal integer >= 0`},
			{"0x1\n" + goodCase(prog), `line 1: byte 0: case count "0x1": want a decimal integer >= 0`},
			{long + "\n", `line 1: byte 0: case count "11111111111111111111111111111111"…: want a decimal integer >= 0`},
		}
		if prog == "congo-move" {
			cases = append(cases,
				struct{ input, want string }{"1\n" + goodFEN + "\n" + strings.Repeat("x", 10<<20) + "\n",
					`line 3: byte 0: move "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… is not <file><rank>`},
				struct{ input, want string }{"1\n" + goodFEN + "\n\t d1d4\n", "line 3: byte 2: illegal move d1d4 for white"})
		}
		for _, c := range cases {
			code, stdout, stderr := runProg(prog, nil, c.input)
			assert.Equal(t, code, 2, "%s: %.80q", prog, c.input)
			assert.Equal(t, stdout, "")
			assert.Assert(t, strings.HasPrefix(stderr, prog+": "+c.want), "%s: stderr %.300q, want %q", prog, stderr, c.want)
			assert.Assert(t, len(stderr) < 200 && strings.Count(stderr, "\n") == 1, "%s: stderr of %d bytes", prog, len(stderr))
		}
	}
}
