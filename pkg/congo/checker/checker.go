// Package checker implements congo-checker, the ./checker that the Wits
// COMS3005A Congo tournament runner (game.py, moderator.py) asks for the
// legal moves of a position and for the position after a move. The course
// never published its checker; this one answers the two requests the runner
// sends, in either of two forms:
//
//	moves <fen>          or, on two lines,    moves
//	                                          <fen>
//	next <fen> <move>    or, on three lines,  next
//	                                          <fen>
//	                                          <move>
//
// The runner writes the request word, the FEN and the move on separate
// lines; the one-line form is for people typing at the checker. A middle
// form, "next <fen>" and the move on the next line, is accepted too. Blank
// lines between requests are skipped; "quit" ends the program.
//
// Replies, one line each, written and flushed at once:
//
//   - moves: the legal moves of the side to move, sorted ascending and
//     joined by single spaces, as congo-moves prints them (specification
//     section 3.1). A finished game (a lion is missing) has no legal move:
//     the line is empty, which is how a runner sees that the game is over.
//     An empty line also means the side to move has no move. A board with
//     only the two lions is not finished (the runner decides draws).
//   - next: the position after the move in canonical FEN (section 2.2), as
//     congo-move prints it: the move number grows after Black's move, and a
//     pawn reaching the last rank promotes under -rules 2022 only.
//
// Positions are read with congo.ParseGameFEN: everything the Part
// programs' reader (congo.ParseFEN) refuses, and also what no game reaches
// and the runner never writes: an upper-case side letter (W, B) and a lion
// outside its castle (a lion that has just captured the other by flying
// stands in the other castle, and is accepted there).
//
// A bad request (unknown word, malformed FEN or move, a move that is not
// legal in the position, missing lines at the end of input) gets the reply
// "error" on stdout, so that a runner waiting for a line never hangs, and
// one line "congo-checker: line N: <problem>" on stderr; the checker goes
// on with the next request. A multi-line request is read completely before
// it is checked, so a bad FEN does not shift the requests that follow.
package checker

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/congo"
)

// ErrorReply is the reply line to a bad request.
const ErrorReply = "error"

// Op is the kind of a request.
type Op uint8

const (
	// Moves asks for the legal moves of a position.
	Moves Op = iota + 1
	// Next asks for the position after a move.
	Next
	// Quit ends the checker.
	Quit
)

// String returns the request word: "moves", "next" or "quit".
func (o Op) String() string {
	switch o {
	case Moves:
		return "moves"
	case Next:
		return "next"
	case Quit:
		return "quit"
	}
	return fmt.Sprintf("Op(%d)", uint8(o))
}

// Request is one parsed request.
type Request struct {
	// Op is the kind of request.
	Op Op
	// Pos is the position (Moves and Next).
	Pos congo.Position
	// Move is the move to play (Next); it is legal in Pos.
	Move congo.Move
	// Line is the input line of the request word (1-based).
	Line int
}

// RequestError is a bad request: the line where the problem is and what it
// is. The whole request has been read.
type RequestError struct {
	Line int
	Msg  string
}

// Error returns "line N: problem".
func (e *RequestError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Reader reads requests from a stream.
type Reader struct {
	r    *bufio.Reader
	line int
}

// NewReader returns a reader of the requests on r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReader(r)}
}

// readLine returns the next line without its line end (LF or CRLF), and
// false at end of input.
func (rd *Reader) readLine() (string, bool, error) {
	s, err := rd.r.ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", false, err
	}
	if s == "" {
		return "", false, nil
	}
	rd.line++
	s = strings.TrimSuffix(s, "\n")
	return strings.TrimSuffix(s, "\r"), true, nil
}

// isBlank reports whether c separates fields, as in a FEN: space or tab.
func isBlank(c rune) bool { return c == ' ' || c == '\t' }

// Next reads the next request. It returns io.EOF at the end of input before
// a request starts, a *[RequestError] for a bad request, and any other
// error when the input cannot be read.
func (rd *Reader) Next() (Request, error) {
	var fields []string
	var req Request
	for len(fields) == 0 {
		s, ok, err := rd.readLine()
		if err != nil {
			return req, err
		}
		if !ok {
			return req, io.EOF
		}
		fields = strings.FieldsFunc(s, isBlank)
	}
	req.Line = rd.line
	word, args := fields[0], fields[1:]
	bad := func(line int, format string, a ...any) (Request, error) {
		return req, &RequestError{line, fmt.Sprintf(format, a...)}
	}
	switch word {
	case "quit":
		if len(args) > 0 {
			return bad(req.Line, "quit takes no argument, got %q", strings.Join(args, " "))
		}
		req.Op = Quit
		return req, nil
	case "moves":
		req.Op = Moves
		fen, fenLine := strings.Join(args, " "), req.Line
		if len(args) == 0 {
			var err error
			if fen, fenLine, err = rd.more("moves", "<fen>"); err != nil {
				return req, err
			}
		}
		p, err := congo.ParseGameFEN(fen)
		if err != nil {
			return bad(fenLine, "moves: %s", fenProblem(err))
		}
		req.Pos = p
		return req, nil
	case "next":
		req.Op = Next
		var fen, mv string
		fenLine, mvLine := req.Line, req.Line
		switch len(args) {
		case 0, 3:
			fen = strings.Join(args, " ")
			if len(args) == 0 {
				var err error
				if fen, fenLine, err = rd.more("next", "<fen>"); err != nil {
					return req, err
				}
			}
			var err error
			if mv, mvLine, err = rd.more("next", "<move>"); err != nil {
				return req, err
			}
		case 4:
			fen, mv = strings.Join(args[:3], " "), args[3]
		default:
			return bad(req.Line, "next: want <fen> <move> (3 FEN fields and a move) or nothing, got %d fields", len(args))
		}
		p, err := congo.ParseGameFEN(fen)
		if err != nil {
			return bad(fenLine, "next: %s", fenProblem(err))
		}
		mv = strings.TrimFunc(mv, isBlank)
		m, ok := congo.ParseMove(mv)
		switch {
		case !ok:
			return bad(mvLine, "next: move %q is not <file><rank><file><rank> with files a-g and ranks 1-7", mv)
		case p.LionMissing():
			return bad(mvLine, "next: illegal move %s: the game is over (a lion is missing)", mv)
		case !p.IsLegal(m):
			return bad(mvLine, "next: illegal move %s for %s", mv, p.Side)
		}
		req.Pos, req.Move = p, m
		return req, nil
	}
	return bad(req.Line, "unknown request %q (want moves, next or quit)", word)
}

// fenProblem describes a FEN error; an offset is counted in the FEN (its
// fields joined by single blanks), not in the request line.
func fenProblem(err error) string {
	var fe *congo.FENError
	if errors.As(err, &fe) && fe.Byte >= 0 {
		return fmt.Sprintf("FEN byte %d: %s", fe.Byte, fe.Msg)
	}
	return err.Error()
}

// more reads the next line of a multi-line request: the part what of the
// request word.
func (rd *Reader) more(word, what string) (string, int, error) {
	s, ok, err := rd.readLine()
	if err != nil {
		return "", 0, err
	}
	if !ok {
		return "", 0, &RequestError{rd.line + 1, fmt.Sprintf("%s: end of input, expected %s", word, what)}
	}
	return s, rd.line, nil
}

// Checker answers requests under one edition's rules.
type Checker struct {
	rules congo.Edition
	moves []congo.Move
	buf   []byte
}

// New returns a checker for edition r.
func New(r congo.Edition) *Checker {
	return &Checker{rules: r, moves: make([]congo.Move, 0, congo.MaxMoves), buf: make([]byte, 0, 512)}
}

// Answer returns the reply line to a Moves or Next request, with its line
// end ([ErrorReply] for another Op). The slice is reused by the next call.
func (c *Checker) Answer(req *Request) []byte {
	b := c.buf[:0]
	switch req.Op {
	case Moves:
		c.moves = c.moves[:0]
		if !req.Pos.LionMissing() {
			c.moves = req.Pos.GenerateMoves(c.moves)
		}
		for i, m := range c.moves {
			if i > 0 {
				b = append(b, ' ')
			}
			b = congo.AppendMove(b, m)
		}
	case Next:
		var p congo.Position
		req.Pos.Play(&p, req.Move, c.rules)
		b = p.AppendFEN(b)
	default:
		b = append(b, ErrorReply...)
	}
	b = append(b, '\n')
	c.buf = b
	return b
}

// usage is the -h text.
const usage = `usage: congo-checker [-rules 2021|2022]
Answers the Congo tournament runner's checker requests, one reply line each:
  moves <fen>          the legal moves, sorted, space-separated (empty when
                       the game is over)
  next <fen> <move>    the position after the move (canonical FEN)
The request word, the FEN and the move may also come on separate lines.
A bad request gets the reply "error" (and one line on stderr); quit or end
of input ends the program.
  -rules R   edition (default 2022; only promotion differs)
`

// Run is the congo-checker program: args without the program name; the
// result is the exit status (0 at quit or end of input, 1 when stdin cannot
// be read or stdout cannot be written, 2 for bad flags).
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	r, exit, ok := congo.ParseEditionArgs("congo-checker", usage, args, stderr)
	if !ok {
		return exit
	}
	return Serve(New(r), stdin, stdout, stderr)
}

// Serve answers the requests on stdin until quit or end of input, flushing
// each reply. The result is the exit status: 0, or 1 when stdin cannot be
// read or stdout cannot be written.
func Serve(c *Checker, stdin io.Reader, stdout, stderr io.Writer) int {
	rd := NewReader(stdin)
	out := bufio.NewWriter(stdout)
	for {
		req, err := rd.Next()
		var re *RequestError
		switch {
		case err == io.EOF:
			return 0
		case errors.As(err, &re):
			fmt.Fprintf(stderr, "congo-checker: %s\n", re)
			out.WriteString(ErrorReply + "\n")
		case err != nil:
			fmt.Fprintf(stderr, "congo-checker: reading stdin: %v\n", err)
			return 1
		case req.Op == Quit:
			return 0
		default:
			out.Write(c.Answer(&req))
		}
		if err := out.Flush(); err != nil {
			fmt.Fprintf(stderr, "congo-checker: writing stdout: %v\n", err)
			return 1
		}
	}
}
