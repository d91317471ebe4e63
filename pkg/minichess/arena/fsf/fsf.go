// Package fsf makes Fairy-Stockfish a MiniChess player of the course's file
// protocol ("exe state action"): it reads the state file, converts the
// position to a FEN, asks the engine over UCI for a move under the variant
// configuration [VariantINI] with "go movetime MS", and writes the move in
// the action file's format. It is a benchmark opponent for player_submission
// (scripts/minichess-vs-fsf.sh) and is imported by no graded program.
//
// Conventions. The variant's board has files a-e (column 0-4) and ranks 1-6
// (rank 6 is row 0, the top, as in [minichess.Position]); a UCI move is
// "<from><to>" with an optional promotion letter ("a5a6q"), which pawns
// reaching the last row always get (queen only). Fairy-Stockfish is given
// the start-position rules of the course (no double step, no castling, the
// king an ordinary piece whose capture loses, a side without moves loses,
// no move-count or repetition rule); the 50-ply material adjudication of the
// runner is unknown to it.
//
// The engine (or a wrapper script given with -engine) runs in a process
// group of its own (internal/procgroup); at the time limit the whole group
// is killed and the adapter returns without waiting for anything.
package fsf

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/procgroup"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/player"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
)

// Name is the program's name in messages.
const Name = "minichess-fsf"

// DefaultEngine is the path of the Debian package's binary
// (apt-get install -y fairy-stockfish).
const DefaultEngine = "/usr/games/fairy-stockfish"

// Variant is the variant name defined by [VariantINI].
const Variant = "nthuminichess"

// VariantINI is the Fairy-Stockfish variant configuration of the course's
// MiniChess: its pseudo-legal perft from the start position equals
// minichess's (7, 49, 452, 4230, 47102, ...).
const VariantINI = `[nthuminichess]
pawn = p
knight = n
bishop = b
rook = r
queen = q
commoner = k
maxRank = 6
maxFile = e
startFen = kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = q
doubleStep = false
castling = false
extinctionValue = loss
extinctionPieceTypes = k
stalemateValue = loss
nMoveRule = 0
nFoldRule = 0
`

// FEN returns p as a full FEN for Fairy-Stockfish: the placement and side
// of [minichess.Position.FEN] followed by "- - 0 1" (no castling, no en
// passant, move counters unused by the variant).
func FEN(p minichess.Position) string { return p.FEN() + " - - 0 1" }

// UCIMove returns m in UCI notation, with the promotion suffix "q" when m
// moves a pawn of p to its last row.
func UCIMove(p minichess.Position, m minichess.Move) string {
	b := []byte{'a' + byte(m.FromCol), '0' + byte(minichess.Rows-int(m.FromRow)),
		'a' + byte(m.ToCol), '0' + byte(minichess.Rows-int(m.ToRow))}
	if p.Board[p.ToMove][m.FromRow][m.FromCol] == minichess.Pawn && (m.ToRow == 0 || m.ToRow == minichess.Rows-1) {
		b = append(b, 'q')
	}
	return string(b)
}

// ParseUCIMove parses a UCI move of the variant ("b2b3", "a5a6q"); the only
// promotion letter accepted is q, the variant's only promotion piece.
func ParseUCIMove(s string) (minichess.Move, error) {
	if len(s) == 5 && s[4] == 'q' {
		s = s[:4]
	}
	if len(s) != 4 {
		return minichess.Move{}, fmt.Errorf("move %q: want <from><to>[q], e.g. b2b3", s)
	}
	var sq [4]int8
	for i := 0; i < 4; i += 2 {
		f, r := s[i], s[i+1]
		if f < 'a' || f >= 'a'+minichess.Cols || r < '1' || r >= '1'+minichess.Rows {
			return minichess.Move{}, fmt.Errorf("move %q: square %q is not on the a1-e6 board", s, s[i:i+2])
		}
		sq[i], sq[i+1] = int8(minichess.Rows-int(r-'0')), int8(f-'a')
	}
	return minichess.Move{FromRow: sq[0], FromCol: sq[1], ToRow: sq[2], ToCol: sq[3]}, nil
}

// Engine runs one search of Fairy-Stockfish.
type Engine struct {
	// Path is the engine binary.
	Path string
	// VariantPath is a file holding [VariantINI] ("": BestMove writes a
	// temporary one for its call).
	VariantPath string
	// MoveTime is the "go movetime" argument.
	MoveTime time.Duration
	// Nodes, when positive, replaces MoveTime: "go nodes Nodes", a search
	// that gives the same move on every machine.
	Nodes uint64
	// Timeout bounds the whole exchange with the engine: at Timeout the
	// engine and everything it started are killed and BestMove returns.
	Timeout time.Duration
	// Info, when not nil, sees every "info" line of the search (depth,
	// nodes, nps) before the bestmove line.
	Info func(line string)
}

// exitGrace is how long BestMove still reads the engine's output after
// the engine's own process has exited (what it wrote before is already in
// the pipe, and only a process it left behind can hold the pipe longer),
// and how long it waits for the exit of an engine that closed its pipes:
// on a loaded machine a shell takes a few hundred milliseconds to exit.
const exitGrace = time.Second

// BestMove starts the engine in a process group of its own, sets the
// variant and position fen, runs "go movetime" (or "go nodes") and returns the engine's
// bestmove text ("(none)" when it has no move). Whatever happens, the
// engine and every process it started are killed before BestMove returns,
// at the latest at Timeout, and BestMove waits for nothing after that:
// output a leftover process still holds open is abandoned.
func (e Engine) BestMove(fen string) (string, error) {
	timer := time.NewTimer(e.Timeout)
	defer timer.Stop()
	s, err := e.open(timer.C)
	if err != nil {
		return "", err
	}
	defer s.stop()
	ms := max(e.MoveTime.Milliseconds(), 1)
	goCmd := fmt.Sprintf("go movetime %d", ms)
	if e.Nodes > 0 {
		goCmd = fmt.Sprintf("go nodes %d", e.Nodes)
	}
	if err := s.send("position fen %s\n%s", fen, goCmd); err != nil {
		return "", err
	}
	line, err := s.waitFor("bestmove", timer.C)
	if err != nil {
		return "", err
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		return "", fmt.Errorf("engine %s: bad reply %q", e.Path, line)
	}
	return f[1], nil
}

// open starts the engine (writing [VariantINI] to a temporary file first
// when e has no VariantPath) and sets it up for the variant: "uci", the
// variant options and "isready", each answered before timeout fires; the
// temporary file is removed once the engine is ready (it loads the file
// when VariantPath is set). The caller stops the session.
func (e Engine) open(timeout <-chan time.Time) (*session, error) {
	remove := func() {}
	if e.VariantPath == "" {
		path, rm, err := WriteVariant()
		if err != nil {
			return nil, err
		}
		e.VariantPath, remove = path, rm
	}
	// The engine read the file when VariantPath was set, so it goes at
	// once: an adapter killed during the search (a runner's timeout)
	// leaves nothing behind.
	defer remove()
	s, err := e.start()
	if err != nil {
		return nil, err
	}
	err = s.send("uci")
	if err == nil {
		_, err = s.waitFor("uciok", timeout)
	}
	if err == nil {
		err = s.send("setoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nisready", e.VariantPath, Variant)
	}
	if err == nil {
		_, err = s.waitFor("readyok", timeout)
	}
	if err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// session is one running engine: its process group, the write end of its
// stdin, its stdout lines and its exit.
type session struct {
	e      Engine
	cmd    *exec.Cmd
	group  *procgroup.Group
	in     *os.File      // the engine's stdin, our end
	out    *os.File      // the engine's stdout, our end
	lines  chan string   // stdout lines; closed at the end of the output
	exited chan struct{} // closed when the engine's process has been reaped
	done   chan struct{} // closed by stop: nobody reads lines any more
}

// start starts the engine with pipes of its own (not exec's StdinPipe and
// StdoutPipe, which Wait would close under the reader).
func (e Engine) start() (*session, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd := exec.Command(e.Path)
	cmd.Stdin, cmd.Stdout = inR, outW
	g := procgroup.New(cmd)
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, e.startError(err)
	}
	g.Started()
	s := &session{e: e, cmd: cmd, group: g, in: inW, out: outR,
		lines: make(chan string, 64), exited: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			select {
			case s.lines <- sc.Text():
			case <-s.done:
				return
			}
		}
	}()
	go func() {
		cmd.Wait()
		close(s.exited)
	}()
	return s, nil
}

// startError describes an engine that cannot be started; a missing
// default engine says how to get one.
func (e Engine) startError(err error) error {
	if errors.Is(err, os.ErrNotExist) {
		if e.Path == DefaultEngine {
			return fmt.Errorf("fairy-stockfish not found at %s: install it (apt-get install fairy-stockfish) or pass -engine PATH", DefaultEngine)
		}
		return fmt.Errorf("engine %s not found: pass the path of a Fairy-Stockfish binary with -engine", e.Path)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("engine %s cannot be started: %v", e.Path, err)
}

// stop kills the engine's whole group and reaps the engine. Killed, the
// engine's own process ends at once; the reader of a pipe that a process
// outside the group still holds is released by closing our end.
func (s *session) stop() {
	close(s.done)
	s.in.Close()
	s.group.Kill()
	<-s.exited
	s.group.Release()
	s.out.Close()
}

// send writes one or more lines to the engine.
func (s *session) send(format string, a ...any) error {
	if _, err := fmt.Fprintf(s.in, format+"\n", a...); err != nil {
		// The engine no longer reads: it has exited or is exiting.
		return s.ended()
	}
	return nil
}

// waitFor returns the first line of the engine starting with prefix. It
// fails when the engine's output ends or it exits first, or when timeout
// fires.
func (s *session) waitFor(prefix string, timeout <-chan time.Time) (string, error) {
	exited := s.exited
	var grace <-chan time.Time
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				return "", s.ended()
			}
			if strings.HasPrefix(line, prefix) {
				return line, nil
			}
			if s.e.Info != nil && strings.HasPrefix(line, "info ") {
				s.e.Info(line)
			}
		case <-exited:
			// Read what the engine wrote before it exited, but do not
			// wait for a process it left behind.
			exited, grace = nil, time.After(exitGrace)
		case <-grace:
			return "", s.ended()
		case <-timeout:
			return "", fmt.Errorf("engine %s gave no %q within %v: killed", s.e.Path, prefix, s.e.Timeout)
		}
	}
}

// ended is the error of an engine that stopped talking before its answer:
// how it exited, when it has.
func (s *session) ended() error {
	select {
	case <-s.exited:
	case <-time.After(exitGrace):
		return fmt.Errorf("engine %s closed its input or output before answering", s.e.Path)
	}
	return fmt.Errorf("engine %s exited before answering (%v)", s.e.Path, s.cmd.ProcessState)
}

const usage = "usage: " + Name + " [-movetime D] [-engine PATH] [-v] <state_file> <action_file>\n" +
	"       " + Name + " -compare POSITIONS [-movetime D] [-engine PATH]\n" +
	"       " + Name + " -score W/D/L\n" +
	"  -movetime D   Fairy-Stockfish's \"go movetime\", e.g. 1s or 500ms (default 1s)\n" +
	"  -engine PATH  the engine binary (default " + DefaultEngine + ")\n" +
	"  -v            the engine's last search line (depth, seldepth, nodes, nps, time) on stderr\n" +
	"  -compare FILE search each position of FILE (lines \"PLIES FEN\") with player_submission's engine\n" +
	"                and with Fairy-Stockfish for -movetime each; print depth, nodes and nps as a table\n" +
	"  -score W/D/L  print the score and Elo with its 95% interval of these results (pkg/match) and exit\n"

// Run runs the adapter with the command-line arguments args (without the
// program name): Fairy-Stockfish's move for the state file is written to the
// action file as one line "r1 c1 r2 c2". It returns the exit status: 0 on
// success (also when the side to move has no move: nothing is written), 2
// on bad usage or a bad state file, 1 when the engine fails or answers a
// move outside the position's list (the action file is then not written).
func Run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "%s: %s\n", Name, fmt.Sprintf(format, a...))
		return code
	}
	fs := flag.NewFlagSet(Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	moveTime := time.Second
	fs.Var(player.DurationFlag{D: &moveTime}, "movetime", "")
	path := fs.String("engine", DefaultEngine, "")
	score := fs.String("score", "", "")
	verbose := fs.Bool("v", false, "")
	compare := fs.String("compare", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, usage)
			return 0
		}
		return fail(2, "%v", err)
	}
	if *score != "" {
		st, err := parseScore(*score)
		if err != nil {
			return fail(2, "-score: %v", err)
		}
		fmt.Fprintf(stdout, "games %d  %v\n", st.Games(), st)
		return 0
	}
	if moveTime <= 0 {
		return fail(2, "-movetime: %v is not positive", moveTime)
	}
	if *compare != "" {
		if fs.NArg() != 0 {
			return fail(2, "-compare takes no state or action file")
		}
		f, err := os.Open(*compare)
		if err != nil {
			return fail(2, "%v", err)
		}
		positions, err := ParseComparePositions(f, *compare)
		f.Close()
		if err != nil {
			return fail(2, "%v", err)
		}
		e := Engine{Path: *path, MoveTime: moveTime, Timeout: moveTime + 5*time.Second}
		if err := Compare(e, positions, submission.DefaultHashMiB, stdout, stderr); err != nil {
			return fail(1, "%v", err)
		}
		return 0
	}
	if fs.NArg() != 2 {
		return fail(2, "usage: %s [flags] <state_file> <action_file>", Name)
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		return fail(2, "%v", err)
	}
	pos, err := minichess.ParseState(f, fs.Arg(0))
	f.Close()
	if err != nil {
		return fail(2, "%v", err)
	}
	e := Engine{Path: *path, MoveTime: moveTime, Timeout: moveTime + 5*time.Second}
	last := ""
	if *verbose {
		e.Info = func(line string) {
			if strings.Contains(line, " nodes ") {
				last = line
			}
		}
	}
	m, ok, err := e.Choose(pos)
	if last != "" {
		last, _, _ = strings.Cut(strings.TrimPrefix(last, "info "), " pv ")
		fmt.Fprintf(stderr, "%s: %s\n", Name, last)
	}
	if err != nil {
		return fail(1, "%v", err)
	}
	if !ok {
		fmt.Fprintf(stderr, "%s: no legal moves\n", Name)
		return 0
	}
	return writeMove(m, fs.Arg(1), fail)
}

// Choose returns the engine's move in pos; ok is false when the side to move
// has no move. A position where the side to move captures a king gets the
// list's king capture without asking the engine (the template's list keeps
// only the first one, and another would be an invalid move). A move outside
// the position's list is an error.
func (e Engine) Choose(pos minichess.Position) (m minichess.Move, ok bool, err error) {
	n := pos.Node()
	var buf [minichess.MaxMoves]minichess.Move
	list, st := n.LegalMoves(buf[:0])
	if len(list) == 0 {
		return m, false, nil
	}
	if st == minichess.Win {
		return list[len(list)-1], true, nil
	}
	text, err := e.BestMove(FEN(pos))
	if err != nil {
		return m, false, err
	}
	m, err = ParseUCIMove(text)
	if err != nil {
		return m, false, fmt.Errorf("engine answered %v", err)
	}
	if !m.Raw().In(list) {
		return m, false, fmt.Errorf("engine answered %s, not a move of %s", text, pos.FEN())
	}
	return m, true, nil
}

// WriteVariant writes [VariantINI] to a new temporary file and returns its
// path and a function that removes it.
func WriteVariant() (path string, remove func(), err error) {
	ini, err := os.CreateTemp("", "nthuminichess-*.ini")
	if err != nil {
		return "", nil, err
	}
	remove = func() { os.Remove(ini.Name()) }
	if _, err := io.WriteString(ini, VariantINI); err != nil {
		ini.Close()
		remove()
		return "", nil, err
	}
	if err := ini.Close(); err != nil {
		remove()
		return "", nil, err
	}
	return ini.Name(), remove, nil
}

// writeMove writes m as the action file name.
func writeMove(m minichess.Move, name string, fail func(int, string, ...any) int) int {
	if err := atomicfile.WriteFile(name, append(m.AppendText(nil), '\n'), 0o644); err != nil {
		return fail(1, "writing the action file: %v", err)
	}
	return 0
}

// parseScore parses "W/D/L" into match statistics.
func parseScore(s string) (match.Stats, error) {
	var st match.Stats
	parts := strings.Split(s, "/")
	if len(parts) != 3 {
		return st, fmt.Errorf("%q: want W/D/L, e.g. 10/5/5", s)
	}
	var v [3]int
	for i, p := range parts {
		x, err := strconv.Atoi(p)
		if err != nil || x < 0 {
			return st, fmt.Errorf("%q: %q is not a non-negative integer", s, p)
		}
		v[i] = x
	}
	st.Wins, st.Draws, st.Losses = v[0], v[1], v[2]
	return st, nil
}
