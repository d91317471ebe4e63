package checker

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/internal/badfen"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// run runs congo-checker on in.
func run(args []string, in string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = Run(args, strings.NewReader(in), &out, &errb)
	return out.String(), errb.String(), code
}

// TestSessionGolden replays testdata/congo-checker/session.in (both request
// forms, the middle form, CRLF, blanks, a promotion, a finished game, two
// lions alone and every kind of bad request, ending in a request cut short
// by the end of input) and compares stdout and stderr with the golden
// files, for both editions (go test ./pkg/congo/checker -update rewrites
// them). The editions differ only in the promotion line.
func TestSessionGolden(t *testing.T) {
	dir := filepath.Join(testutil.RepoRoot(t), "testdata", "congo-checker")
	in, err := os.ReadFile(filepath.Join(dir, "session.in"))
	assert.NilError(t, err)
	out22, err22, code := run(nil, string(in))
	assert.Equal(t, code, 0)
	golden.Assert(t, out22, filepath.Join(dir, "session.out"))
	golden.Assert(t, err22, filepath.Join(dir, "session.err"))
	out21, err21, code := run([]string{"-rules", "2021"}, string(in))
	assert.Equal(t, code, 0)
	golden.Assert(t, out21, filepath.Join(dir, "session-2021.out"))
	assert.Equal(t, err21, err22)

	// One reply line per request, "error" exactly for the stderr lines,
	// each of which names its line.
	l22, l21 := strings.Split(out22, "\n"), strings.Split(out21, "\n")
	assert.Equal(t, len(l22), 25) // 24 replies and the empty string after the last line end
	errs := strings.Split(strings.TrimSuffix(err22, "\n"), "\n")
	assert.Equal(t, strings.Count(out22, ErrorReply+"\n"), len(errs))
	for _, l := range errs {
		assert.Assert(t, strings.HasPrefix(l, "congo-checker: line "), l)
	}
	var diff []string
	for i := range l22 {
		if l22[i] != l21[i] {
			diff = append(diff, l21[i]+" | "+l22[i])
		}
	}
	assert.DeepEqual(t, diff, []string{"P2l3/7/7/7/7/3P3/3L3 b 30 | S2l3/7/7/7/7/3P3/3L3 b 30"})
}

// TestForms checks that the one-line, the middle and the multi-line forms
// give the same request, with Line at the request word.
func TestForms(t *testing.T) {
	const fen = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0"
	p, _ := congo.ParseFEN(fen)
	d2d3, _ := congo.ParseMove("d2d3")
	for _, tc := range []struct {
		in   string
		want Request
	}{
		{"moves " + fen + "\n", Request{Op: Moves, Pos: p, Line: 1}},
		{"moves\n" + fen + "\n", Request{Op: Moves, Pos: p, Line: 1}},
		{"\n \t\nmoves\t" + fen, Request{Op: Moves, Pos: p, Line: 3}},
		{"next " + fen + " d2d3\n", Request{Op: Next, Pos: p, Move: d2d3, Line: 1}},
		{"next " + fen + "\nd2d3\n", Request{Op: Next, Pos: p, Move: d2d3, Line: 1}},
		{"next\n" + fen + "\nd2d3\n", Request{Op: Next, Pos: p, Move: d2d3, Line: 1}},
		{"next\r\n" + fen + "\r\n\td2d3 \r\n", Request{Op: Next, Pos: p, Move: d2d3, Line: 1}},
		{"quit\n", Request{Op: Quit, Line: 1}},
	} {
		rd := NewReader(strings.NewReader(tc.in))
		got, err := rd.Next()
		assert.NilError(t, err, tc.in)
		assert.Equal(t, got, tc.want, tc.in)
		_, err = rd.Next()
		assert.Equal(t, err, io.EOF, tc.in)
	}
}

// TestInvalidFENs asks for every FEN of the table shared with the Part
// programs' tests (pkg/congo/internal/badfen) in a moves and a next
// request: each gets the reply "error" and one stderr line with the
// parser's message, and the checker goes on. The checker refuses every row,
// also those the Part programs read (GameOnly).
func TestInvalidFENs(t *testing.T) {
	const good = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0"
	for _, tc := range badfen.FENs() {
		for _, req := range []string{"moves\n" + tc.Text + "\n", "next\n" + tc.Text + "\nd2d3\n"} {
			word, _, _ := strings.Cut(req, "\n")
			stdout, stderr, code := run(nil, req+"moves "+good+"\n")
			assert.Equal(t, code, 0)
			want := "congo-checker: line 2: " + word + ": " + tc.Msg + "\n"
			if tc.Byte >= 0 {
				want = fmt.Sprintf("congo-checker: line 2: %s: FEN byte %d: %s\n", word, tc.Byte, tc.Msg)
			}
			assert.Equal(t, stderr, want, "%s (%s)", tc.Name, word)
			reply, rest, _ := strings.Cut(stdout, "\n")
			assert.Equal(t, reply, ErrorReply, "%s (%s)", tc.Name, word)
			assert.Assert(t, strings.HasPrefix(rest, "a1a3 a1b1 "), "%s (%s): the next reply is %q", tc.Name, word, rest)
		}
	}
}

// TestBadRequests checks the line and the message of each kind of bad
// request, and that the next request (a quit) is read in sync after it, or
// the end of input after a request cut short.
func TestBadRequests(t *testing.T) {
	const fen = "7/7/2l4/7/7/2L4/7 w 8"
	for _, tc := range []struct{ in, err string }{
		{"hello\n", "line 1: unknown request \"hello\" (want moves, next or quit)"},
		{"Moves " + fen + "\n", "line 1: unknown request \"Moves\" (want moves, next or quit)"},
		{"quit 1\n", "line 1: quit takes no argument, got \"1\""},
		{"moves 7/7\n", "line 1: moves: FEN has 1 fields, want 3 (placement, side, move number)"},
		{"moves\n\n", "line 2: moves: empty line, expected a FEN"},
		{"moves\n7/7/2l4/7/7/2L4/7 x 8\n", "line 2: moves: FEN byte 18: side to move \"x\", want w or b"},
		{"moves\n7/7/2l4/7/7/2L4/7 w 8\n", ""},
		{"next " + fen + " c2c5 c5c4\n", "line 1: next: want <fen> <move> (3 FEN fields and a move) or nothing, got 5 fields"},
		{"next c2c5\n", "line 1: next: want <fen> <move> (3 FEN fields and a move) or nothing, got 1 fields"},
		{"next\n7/7/2l4/7/7/2L4/8 w 8\nc2c5\n", "line 2: next: FEN byte 16: rank 1: unknown character \"8\""},
		{"next\n" + fen + "\nc2c5x\n", "line 3: next: move \"c2c5x\" is not <file><rank><file><rank> with files a-g and ranks 1-7"},
		{"next\n" + fen + "\nc5c4\n", "line 3: next: illegal move c5c4 for white"},
		{"next\n7/7/7/7/7/2L4/7 w 8\nc2c3\n", "line 3: next: illegal move c2c3: the game is over (a lion is missing)"},
		{"next\n" + fen + "\n", "line 3: next: end of input, expected <move>"},
		{"next\n", "line 2: next: end of input, expected <fen>"},
		{"moves", "line 2: moves: end of input, expected <fen>"},
	} {
		atEOF := strings.Contains(tc.err, "end of input")
		in := tc.in
		if !atEOF {
			in += "quit\n"
		}
		rd := NewReader(strings.NewReader(in))
		_, err := rd.Next()
		if tc.err == "" {
			assert.NilError(t, err, tc.in)
			continue
		}
		var re *RequestError
		assert.Assert(t, errors.As(err, &re), "%q: %v", tc.in, err)
		assert.Equal(t, re.Error(), tc.err, tc.in)
		req, err := rd.Next()
		if atEOF {
			assert.Equal(t, err, io.EOF, tc.in)
		} else {
			assert.NilError(t, err, tc.in)
			assert.Equal(t, req.Op, Quit, tc.in)
		}
	}
}

// readPairs reads a congo-move corpus: N, then FEN and move lines.
func readPairs(t *testing.T, path string) (fens, moves []string) {
	t.Helper()
	b, err := os.ReadFile(path)
	assert.NilError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for i := 1; i+1 < len(lines); i += 2 {
		fens, moves = append(fens, lines[i]), append(moves, lines[i+1])
	}
	return fens, moves
}

// TestCorpusNext asks the published congo-move cases as multi-line next
// requests and compares each reply with the corpus FEN.
func TestCorpusNext(t *testing.T) {
	dir := testutil.Conformance(t, "congo")
	for _, tc := range []struct {
		rules, in, out string
	}{
		{"2021", "2021/exec_50a.in", "2021/exec_50a.out"},
		{"2021", "2021/exec_50b_handoutfigs.in", "2021/exec_50b_handoutfigs.out"},
		{"2022", "2022/exec_500.in", "2022/exec_500.out"},
	} {
		fens, moves := readPairs(t, filepath.Join(dir, tc.in))
		var req strings.Builder
		for i := range fens {
			req.WriteString("next\n" + fens[i] + "\n" + moves[i] + "\n")
		}
		out, errs, code := run([]string{"-rules", tc.rules}, req.String())
		assert.Equal(t, code, 0)
		assert.Equal(t, errs, "")
		b, err := os.ReadFile(filepath.Join(dir, tc.out))
		assert.NilError(t, err)
		want := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		assert.Equal(t, len(got), len(fens), tc.in)
		for i := range got {
			assert.Equal(t, got[i], want[2*i], "%s case %d", tc.in, i+1)
			// The runner sends a reply back in its next request: a
			// lion that has captured by flying stands in the other
			// castle, and the checker reads that.
			_, err := congo.ParseGameFEN(got[i])
			assert.NilError(t, err, "%s case %d", tc.in, i+1)
		}
	}
}

// TestCorpusMoves asks the published move-generation positions as one-line
// moves requests and compares each reply with the corpus list (all of them
// have both lions; the finished game's empty reply is in the golden
// session).
func TestCorpusMoves(t *testing.T) {
	dir := testutil.Conformance(t, "congo")
	for _, tc := range []struct{ in, out string }{
		{"2021/movegen_1k.in", "derived/2021_movegen_1k.allmoves_sorted.DERIVED.out"},
		{"2022/positions_500.in", "derived/2022_positions_500.allmoves_sorted.DERIVED.out"},
	} {
		b, err := os.ReadFile(filepath.Join(dir, tc.in))
		assert.NilError(t, err)
		fens := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")[1:]
		b, err = os.ReadFile(filepath.Join(dir, tc.out))
		assert.NilError(t, err)
		want := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		var req strings.Builder
		for _, f := range fens {
			req.WriteString("moves " + f + "\n")
		}
		out, errs, code := run(nil, req.String())
		assert.Equal(t, code, 0)
		assert.Equal(t, errs, "")
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		assert.Equal(t, len(got), len(fens), tc.in)
		for i := range got {
			assert.Equal(t, got[i], want[i], "%s case %d", tc.in, i+1)
		}
	}
}

// TestFlags checks the flag errors and -h.
func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"-rules", "2020"}, "congo-checker: -rules: want 2021 or 2022, got \"2020\"\n"},
		{[]string{"-piece", "lion"}, "congo-checker: flag provided but not defined: -piece\n"},
		{[]string{"moves"}, "congo-checker: unexpected argument \"moves\"\n"},
	} {
		out, errs, code := run(tc.args, "moves 7/7/2l4/7/7/2L4/7 w 8\n")
		assert.Equal(t, code, 2)
		assert.Equal(t, out, "")
		assert.Equal(t, errs, tc.err)
	}
	out, errs, code := run([]string{"-h"}, "")
	assert.Equal(t, code, 0)
	assert.Equal(t, out, "")
	assert.Assert(t, strings.HasPrefix(errs, "usage: congo-checker [-rules 2021|2022]\n"), errs)
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

// failReader returns its text, then an error.
type failReader struct{ s string }

func (r *failReader) Read(b []byte) (int, error) {
	if r.s == "" {
		return 0, os.ErrClosed
	}
	n := copy(b, r.s)
	r.s = r.s[n:]
	return n, nil
}

// TestIOFailure: a reply that cannot be written, or input that cannot be
// read, ends the checker with status 1 and one stderr line.
func TestIOFailure(t *testing.T) {
	var errb bytes.Buffer
	code := Run(nil, strings.NewReader("moves 7/7/2l4/7/7/2L4/7 w 8\n"), failWriter{}, &errb)
	assert.Equal(t, code, 1)
	assert.Equal(t, errb.String(), "congo-checker: writing stdout: file already closed\n")
	var out bytes.Buffer
	errb.Reset()
	code = Run(nil, &failReader{"moves 7/7/2l4/7/7/2L4/7 w 8\nmoves\n"}, &out, &errb)
	assert.Equal(t, code, 1)
	assert.Equal(t, out.String(), "c2c1 c2c3 c2c5 c2d1 c2d2 c2d3\n")
	assert.Equal(t, errb.String(), "congo-checker: reading stdin: file already closed\n")
}

// TestAnswerAllocs: answering a request allocates nothing.
func TestAnswerAllocs(t *testing.T) {
	c := New(congo.Edition2022)
	p, _ := congo.ParseFEN("g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0")
	m, _ := congo.ParseMove("d2d3")
	moves, next := Request{Op: Moves, Pos: p}, Request{Op: Next, Pos: p, Move: m}
	allocs := testing.AllocsPerRun(100, func() {
		c.Answer(&moves)
		c.Answer(&next)
	})
	assert.Equal(t, allocs, 0.0)
}
