// Package cli implements the Congo programs (congo-setup, congo-moves,
// congo-move, congo-eval, congo-minimax, congo-adveval, congo-alphabeta):
// flag parsing, the batch input format (N, then N cases), output and the
// bad-input rules of docs/congo.md ("Bad input"). Each program is a function
// with the signature Run(args, stdin, stdout, stderr) int: args without the
// program name, and the exit status as result (0 success, 1 output failure, 2
// bad input or flags). The mains under cmd/ only call them and exit.
//
// Conventions: a case's output is built completely and written only after the
// whole case has been read and checked; at the first bad line the program
// writes one line "<program>: line <L>: <problem>" to stderr and exits 2,
// keeping the output of the earlier cases.
package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
)

// Program is one of the graded batch programs (congo-setup ...
// congo-alphabeta); its Run method is the program's entry point.
type Program struct {
	name       string
	rules      congo.Edition // default edition
	usage      string
	withMove   bool                                     // cases are FEN + move pairs
	piece      bool                                     // has the -piece flag
	handle     func(env *env, p *congo.Position) []byte // output of one FEN case
	handleMove func(env *env, p *congo.Position, m congo.Move) []byte
}

// env is the state shared by the cases of one run.
type env struct {
	rules    congo.Edition
	kind     congo.Kind
	allKinds bool
	buf      []byte
	moves    []congo.Move
	searcher *congo.Searcher
	cases    int // cases done so far
}

// lineReader reads stdin line by line and counts lines.
type lineReader struct {
	r    *bufio.Reader
	line int
}

// next returns the next line without its line end ("\n" or "\r\n"), and
// false at end of input.
func (lr *lineReader) next() (string, bool, error) {
	s, err := lr.r.ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", false, err
	}
	if s == "" && err != nil {
		return "", false, nil
	}
	lr.line++
	s = strings.TrimSuffix(s, "\n")
	return strings.TrimSuffix(s, "\r"), true, nil
}

// trimBlanks returns s without surrounding spaces and tabs, and the byte
// offset of the result in s.
func trimBlanks(s string) (string, int) {
	t := strings.TrimLeft(s, " \t")
	return strings.TrimRight(t, " \t"), len(s) - len(t)
}

// run parses the flags, runs the cases and returns the exit status.
// Run runs the program: flags in args, N and the cases on stdin, the answers
// on stdout, one line per problem on stderr. It returns the exit status: 0,
// 1 when the output cannot be written, 2 on bad usage or input.
func (pr *Program) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(pr.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rules := fs.String("rules", pr.rules.String(), "edition, `2021|2022`; only promotion differs")
	var piece *string
	if pr.piece {
		piece = fs.String("piece", "", "list only the moves of this `kind` (lion, zebra, elephant, giraffe, pawn, superpawn, crocodile, monkey)")
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "%s: %s\n", pr.name, fmt.Sprintf(format, a...))
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "usage: %s [flags] < input\n%s\nflags:\n", pr.name, pr.usage)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return 0
		}
		return fail("%v", err)
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	e := &env{allKinds: true}
	var ok bool
	if e.rules, ok = congo.ParseEdition(*rules); !ok {
		return fail("-rules: want 2021 or 2022, got %q", *rules)
	}
	if piece != nil && *piece != "" {
		if e.kind, ok = congo.KindByName(*piece); !ok {
			return fail("-piece: unknown kind %q (want lion, zebra, elephant, giraffe, pawn, superpawn, crocodile, monkey)", *piece)
		}
		e.allKinds = false
	}
	out := bufio.NewWriter(stdout)
	err := pr.cases(e, stdin, out)
	if ferr := out.Flush(); ferr != nil {
		fmt.Fprintf(stderr, "%s: writing output: %v\n", pr.name, ferr)
		return 1
	}
	var le *cliutil.LineError
	switch {
	case errors.As(err, &le):
		fmt.Fprintf(stderr, "%s: %v\n", pr.name, le)
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v\n", pr.name, err)
		return 1
	}
	return 0
}

// cases reads N and the N cases, writing each case's output when it is
// complete.
func (pr *Program) cases(e *env, stdin io.Reader, out *bufio.Writer) error {
	lr := &lineReader{r: bufio.NewReaderSize(stdin, 64<<10)}
	raw, ok, err := lr.next()
	if err != nil {
		return err
	}
	first, off := trimBlanks(raw)
	if !ok || first == "" {
		return &cliutil.LineError{Line: 1, Byte: -1, Msg: "missing case count N"}
	}
	n, err := cliutil.ParseInt(first, 0, math.MaxInt)
	if err != nil {
		return &cliutil.LineError{Line: 1, Byte: off, Msg: fmt.Sprintf("case count %s: %v", cliutil.Quote(first), err)}
	}
	for k := 1; k <= n; k++ {
		s, ok, err := lr.next()
		if err != nil {
			return err
		}
		if !ok {
			return &cliutil.LineError{Line: lr.line + 1, Byte: -1, Msg: fmt.Sprintf("unexpected end of input: expected FEN of case %d of %d", k, n)}
		}
		p, err := congo.ParseFEN(s)
		if err != nil {
			var fe *congo.FENError
			if errors.As(err, &fe) {
				return &cliutil.LineError{Line: lr.line, Byte: fe.Byte, Msg: fe.Msg}
			}
			return &cliutil.LineError{Line: lr.line, Byte: -1, Msg: err.Error()}
		}
		var res []byte
		if pr.withMove {
			raw, ok, err := lr.next()
			if err != nil {
				return err
			}
			if !ok {
				return &cliutil.LineError{Line: lr.line + 1, Byte: -1, Msg: fmt.Sprintf("unexpected end of input: expected the move of case %d", k)}
			}
			ms, off := trimBlanks(raw)
			m, ok := congo.ParseMove(ms)
			if !ok {
				return &cliutil.LineError{Line: lr.line, Byte: off, Msg: fmt.Sprintf("move %s is not <file><rank><file><rank> with files a-g and ranks 1-7", cliutil.Quote(ms))}
			}
			if !p.IsLegal(m) {
				return &cliutil.LineError{Line: lr.line, Byte: off, Msg: fmt.Sprintf("illegal move %s for %s", ms, p.Side)}
			}
			res = pr.handleMove(e, &p, m)
		} else {
			res = pr.handle(e, &p)
		}
		if _, err := out.Write(res); err != nil {
			return err
		}
		e.cases++
	}
	return nil
}

// The programs, by Part of the course.
var (
	// Setup is congo-setup (Part 1): for each FEN, the 17-line piece
	// listing.
	Setup = &Program{}
	// Moves is congo-moves (Part 2): for each FEN, the sorted moves of the
	// side to move, restricted to one kind with -piece.
	Moves = &Program{}
	// Move is congo-move (Part 3): for each FEN and move, the resulting FEN
	// and the status.
	Move = &Program{}
	// Eval is congo-eval (Part 4.1): the simple evaluation of each FEN.
	Eval = &Program{}
	// Minimax is congo-minimax (Part 4.2): the depth-2 minimax value of each
	// FEN.
	Minimax = &Program{}
	// AdvEval is congo-adveval (Part 5.1): the advanced evaluation of each
	// FEN.
	AdvEval = &Program{}
	// AlphaBeta is congo-alphabeta (Part 5.2): the depth-4 fail-hard
	// alpha-beta value of each FEN.
	AlphaBeta = &Program{}
)

func init() {
	*Setup = Program{name: "congo-setup", rules: congo.Edition2022,
		usage:  "Reads N and N FENs; prints for each the pieces of every kind and colour and the side to play.",
		handle: setupCase}
	*Moves = Program{name: "congo-moves", rules: congo.Edition2022, piece: true,
		usage:  "Reads N and N FENs; prints for each the sorted moves of the side to move.",
		handle: movesCase}
	*Move = Program{name: "congo-move", rules: congo.Edition2022, withMove: true,
		usage:      "Reads N and N pairs of lines (FEN, move); prints for each the new FEN and the status.",
		handleMove: moveCase}
	*Eval = Program{name: "congo-eval", rules: congo.Edition2022,
		usage:  "Reads N and N FENs; prints for each the material evaluation for the side to move.",
		handle: evalCase}
	*Minimax = Program{name: "congo-minimax", rules: congo.Edition2022,
		usage:  "Reads N and N FENs; prints for each the depth-2 minimax value for the side to move.",
		handle: minimaxCase}
	*AdvEval = Program{name: "congo-adveval", rules: congo.Edition2021,
		usage:  "Reads N and N FENs; prints for each the advanced evaluation for the side to move.",
		handle: advevalCase}
	*AlphaBeta = Program{name: "congo-alphabeta", rules: congo.Edition2021,
		usage:  "Reads N and N FENs; prints for each the depth-4 alpha-beta value for the side to move.",
		handle: alphabetaCase}
}

func setupCase(e *env, p *congo.Position) []byte {
	b := e.buf[:0]
	if e.cases > 0 {
		b = append(b, '\n')
	}
	for k := congo.Kind(0); k < congo.NumKinds; k++ {
		for c := congo.White; c <= congo.Black; c++ {
			b = append(b, c.String()...)
			b = append(b, ' ')
			b = append(b, k.String()...)
			b = append(b, ':')
			for sq := p.Pieces(c, k); sq != 0; {
				b = append(b, ' ')
				b = append(b, sq.Pop().String()...)
			}
			b = append(b, '\n')
		}
	}
	b = append(b, "side to play: "...)
	b = append(b, p.Side.String()...)
	b = append(b, '\n')
	e.buf = b
	return b
}

func movesCase(e *env, p *congo.Position) []byte {
	if e.allKinds {
		e.moves = p.GenerateMoves(e.moves[:0])
	} else {
		e.moves = p.GenerateKind(e.kind, e.moves[:0])
	}
	b := e.buf[:0]
	for i, m := range e.moves {
		if i > 0 {
			b = append(b, ' ')
		}
		b = congo.AppendMove(b, m)
	}
	b = append(b, '\n')
	e.buf = b
	return b
}

func moveCase(e *env, p *congo.Position, m congo.Move) []byte {
	p.MakeMove(m, e.rules)
	b := p.AppendFEN(e.buf[:0])
	b = append(b, '\n')
	b = append(b, p.Status().String()...)
	b = append(b, '\n')
	e.buf = b
	return b
}

func intLine(e *env, v int) []byte {
	b := strconv.AppendInt(e.buf[:0], int64(v), 10)
	b = append(b, '\n')
	e.buf = b
	return b
}

func evalCase(e *env, p *congo.Position) []byte { return intLine(e, p.Evaluate()) }

func advevalCase(e *env, p *congo.Position) []byte { return intLine(e, p.EvaluateAdvanced()) }

func minimaxCase(e *env, p *congo.Position) []byte {
	if e.searcher == nil {
		e.searcher = congo.NewMinimax(e.rules)
	}
	return intLine(e, congo.MinimaxValue(e.searcher, p))
}

func alphabetaCase(e *env, p *congo.Position) []byte {
	if e.searcher == nil {
		e.searcher = congo.NewAlphaBeta(e.rules)
	}
	return intLine(e, congo.AlphaBetaValue(e.searcher, p))
}
