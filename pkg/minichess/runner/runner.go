// Package runner implements the MiniChess game runner `main`
// (docs/minichess.md, "The runner"): it plays one game between two
// executables that speak the course's file protocol and writes the C++
// template runner's console output and gamelog.txt byte for byte.
//
// Conventions: every turn the runner writes the file "state" in its working
// directory and starts the side to move as a fresh process
// "<exe> state action" with relative file names, in its own process group
// (a job object on Windows), with stdin on the null device and the runner's
// own stdout and stderr. At the time limit the group gets SIGTERM, and
// SIGKILL one second later; once the player has exited the group is killed
// anyway, so no child outlives its turn (a process that leaves the group
// on purpose, with setsid, is beyond reach). The player's exit status is
// ignored: the last complete move in "action" counts. The
// deliberate deviations from the C++ runner are those listed in docs/minichess.md ("The
// runner"): "?" for
// out-of-range squares, no `clear` subprocess, stale action files removed,
// direct execution without a shell, missing players rejected before the
// game, and exit statuses 1, 2, 130 and 143. A state, action or gamelog.txt
// that exists as anything but a regular file (a directory, a device) is
// also rejected before the game, untouched.
//
// The rules, file formats and drawing come from package minichess; the
// process-group code is internal/procgroup.
package runner

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// Defaults of the runner's flags.
const (
	DefaultTimeout  = 10 * time.Second
	DefaultMaxSteps = 50
)

// File names of the protocol, relative to the working directory.
const (
	StateFile   = "state"
	ActionFile  = "action"
	GamelogFile = "gamelog.txt"
)

// clearSequence is what the runner writes instead of calling `clear`, and
// only when stdout is a terminal.
const clearSequence = "\x1b[H\x1b[2J\x1b[3J"

const usageText = `usage: main [-timeout D] [-max-steps N] [-no-clear] <white_exe> <black_exe>

Plays one MiniChess game between two programs that speak the course's file
protocol: each turn the runner writes "state", runs "<exe> state action" and
reads the last complete move from "action". The game is logged to
gamelog.txt and to stdout.

A player argument that names an existing file is executed directly;
otherwise it is split at spaces ("python3 bot.py", "./player -time 2s").

flags:
  -timeout D     time limit per move: a Go duration (10s, 500ms) or a number
                 of seconds (10, 0.5); must be > 0 (default 10s)
  -max-steps N   ply limit before material adjudication, >= 1 (default 50)
  -no-clear      never clear the screen (it is cleared only on a terminal)

exit status: 0 after a complete game (whatever the result), 1 for an I/O
failure, 2 for a usage error, 130 or 143 when interrupted (SIGINT, SIGTERM).
`

// Config holds the runner's settings, as the flags set them.
type Config struct {
	// Dir is the working directory of the game: the files state, action and
	// gamelog.txt, the players' working directory and the base of relative
	// player names. Empty means the process's working directory.
	Dir string
	// Timeout is the time limit per move.
	Timeout time.Duration
	// MaxSteps is the ply limit (docs/minichess.md, "Game flow and results").
	MaxSteps int
	// NoClear disables clearing the screen.
	NoClear bool
}

// timeoutFlag parses -timeout: a Go duration or a bare number of seconds.
type timeoutFlag struct{ d *time.Duration }

func (f timeoutFlag) String() string {
	if f.d == nil {
		return DefaultTimeout.String()
	}
	return f.d.String()
}

func (f timeoutFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		secs, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || math.IsNaN(secs) || math.IsInf(secs, 0) {
			return fmt.Errorf("invalid duration %q", s)
		}
		if secs > float64(math.MaxInt64/int64(time.Second)) {
			return fmt.Errorf("duration %q is too long", s)
		}
		d = time.Duration(secs * float64(time.Second))
	}
	if d <= 0 {
		return fmt.Errorf("duration %q must be > 0", s)
	}
	*f.d = d
	return nil
}

// Run is the program `main`: args are the command-line arguments without
// the program name. It returns the exit status: 0 after a complete game, 2
// for usage errors (nothing written), 1 for I/O failures, 130 or 143 when
// interrupted by SIGINT or SIGTERM. stdin is unused (players get the null
// device).
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, white, black, code, ok := ParseArgs(args, stderr)
	if !ok {
		return code
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, interruptSignals...)
	defer signal.Stop(sigs)
	return Play(cfg, white, black, stdout, stderr, sigs)
}

// ParseArgs parses the runner's command line. When ok is false the caller
// must exit with code: 0 after -h (usage printed on stderr), 2 after a
// usage error (one line on stderr).
func ParseArgs(args []string, stderr io.Writer) (cfg Config, white, black string, code int, ok bool) {
	cfg = Config{Timeout: DefaultTimeout, MaxSteps: DefaultMaxSteps}
	fs := flag.NewFlagSet("main", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(timeoutFlag{&cfg.Timeout}, "timeout", "")
	cliutil.IntVar(fs, &cfg.MaxSteps, "max-steps", DefaultMaxSteps, 1, math.MaxInt, "")
	fs.BoolVar(&cfg.NoClear, "no-clear", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, usageText)
			return cfg, "", "", 0, false
		}
		fmt.Fprintf(stderr, "main: %s\n", oneLine(err.Error()))
		return cfg, "", "", 2, false
	}
	if fs.NArg() != 2 {
		fmt.Fprintf(stderr, "main: expected 2 player arguments (<white_exe> <black_exe>), got %d; -h for help\n", fs.NArg())
		return cfg, "", "", 2, false
	}
	return cfg, fs.Arg(0), fs.Arg(1), 0, true
}

// Play checks the game's files, resolves both players and plays one game in
// cfg.Dir, writing the console output to stdout and stderr. A signal on sigs
// (which may be nil) interrupts the game. It returns the runner's exit
// status, as [Run].
func Play(cfg Config, white, black string, stdout, stderr io.Writer, sigs <-chan os.Signal) int {
	if err := checkFiles(cfg.Dir); err != nil {
		fmt.Fprintf(stderr, "main: %s\n", oneLine(err.Error()))
		return 2
	}
	var players [2]*player
	for i, arg := range [2]string{white, black} {
		p, err := resolvePlayer(cfg.Dir, arg)
		if err != nil {
			fmt.Fprintf(stderr, "main: %s\n", oneLine(err.Error()))
			return 2
		}
		players[i] = p
	}
	g := &game{cfg: cfg, players: players, stdout: stdout, stderr: stderr, sigs: sigs,
		clear: !cfg.NoClear && isTerminal(stdout)}
	return g.play()
}

// checkFiles refuses, before anything is written, a working directory in
// which state, action or gamelog.txt exists as something other than a
// regular file: the runner would fail on it or, removing state and action,
// destroy it (an empty directory, say).
func checkFiles(dir string) error {
	for _, name := range [...]string{StateFile, ActionFile, GamelogFile} {
		path := inDir(dir, name)
		if _, err := atomicfile.Replaceable(path); err != nil {
			return fmt.Errorf("%s: %v (the runner writes this file in its working directory and may remove it)", path, err)
		}
	}
	return nil
}

// game is one game in progress.
type game struct {
	cfg     Config
	players [2]*player
	stdout  io.Writer
	stderr  io.Writer
	sigs    <-chan os.Signal
	clear   bool
	// run, when set, replaces starting the player process (benchmarks
	// measure the runner's own work with in-process players).
	run func(p *player) error
	log *os.File
	buf []byte
}

// emit writes g.buf to gamelog.txt and to stdout, then empties it.
func (g *game) emit() error {
	_, err := g.log.Write(g.buf)
	g.stdout.Write(g.buf)
	g.buf = g.buf[:0]
	if err != nil {
		return fmt.Errorf("write %s: %w", GamelogFile, err)
	}
	return nil
}

func (g *game) path(name string) string { return inDir(g.cfg.Dir, name) }

// fail reports an I/O failure: one line on stderr, exit status 1.
func (g *game) fail(err error) int {
	fmt.Fprintf(g.stderr, "main: %s\n", oneLine(err.Error()))
	os.Remove(g.path(StateFile))
	return 1
}

// interrupted ends the game after a signal: the player was killed already;
// state and action are removed and gamelog.txt keeps what was written.
func (g *game) interrupted(code int) int {
	os.Remove(g.path(StateFile))
	os.Remove(g.path(ActionFile))
	return code
}

func (g *game) play() int {
	log, err := os.Create(g.path(GamelogFile))
	if err != nil {
		fmt.Fprintf(g.stderr, "main: %s\n", oneLine(err.Error()))
		return 1
	}
	defer log.Close()
	g.log = log
	fmt.Fprintf(g.stdout, "Player White File: %s\nPlayer Black File: %s\n", g.players[0].arg, g.players[1].arg)

	var bufs [2][minichess.MaxMoves]minichess.Move
	pos := minichess.StartPosition()
	list, status := pos.LegalMoves(bufs[0][:0])
	cur := 0
	io.WriteString(g.stdout, "\n") // the template's generator prints it
	step := 1
	winner := minichess.White
	var state []byte
	for status == minichess.None {
		select {
		case sig := <-g.sigs:
			return g.interrupted(exitCodeFor(sig))
		default:
		}
		g.buf = strconv.AppendInt(g.buf, int64(step), 10)
		g.buf = append(g.buf, " step\n"...)
		g.buf = pos.AppendDrawing(g.buf)
		g.buf = append(g.buf, '\n')
		if err := g.emit(); err != nil {
			return g.fail(err)
		}
		state = pos.AppendState(state[:0])
		if err := atomicfile.WriteFile(g.path(StateFile), state, 0o644); err != nil {
			return g.fail(err)
		}
		os.Remove(g.path(ActionFile)) // a stale action is never taken

		p := g.players[pos.ToMove]
		var err error
		if g.run != nil {
			err = g.run(p)
		} else {
			err = runPlayer(p, g.cfg.Dir, g.cfg.Timeout, g.stdout, g.stderr, g.sigs)
		}
		var intr interrupted
		if errors.As(err, &intr) {
			return g.interrupted(intr.code)
		}
		if err != nil {
			fmt.Fprintf(g.stderr, "main: cannot start %s: %s\n", oneLine(p.arg), oneLine(err.Error()))
		}
		if g.clear {
			io.WriteString(g.stdout, clearSequence)
		}
		raw, count := g.readAction()
		if err := os.Remove(g.path(ActionFile)); err != nil {
			io.WriteString(g.stderr, "Error removing file: action\n")
		}
		m, valid := find(list, raw)
		if !valid {
			g.buf = append(g.buf, "Invalid Action\n"...)
			g.buf = append(g.buf, raw.Render()...)
			g.buf = append(g.buf, '\n')
			g.buf = pos.AppendDrawing(g.buf)
			winner = pos.ToMove.Other()
			status = minichess.Win
			break
		}
		next := pos.Play(m)
		cur ^= 1
		nextList, nextStatus := next.LegalMoves(bufs[cur][:0])
		if nextStatus != minichess.Win {
			io.WriteString(g.stdout, "\n") // the child's generator prints it
		}
		g.buf = append(g.buf, "Depth: "...)
		g.buf = strconv.AppendInt(g.buf, int64(count), 10)
		g.buf = append(g.buf, '\n')
		g.buf = append(g.buf, raw.Render()...)
		g.buf = append(g.buf, '\n')
		pos, list, status = next, nextList, nextStatus
		winner = pos.ToMove // the side to move in a Win position has won
		step++
		if step > g.cfg.MaxSteps {
			status, winner = pos.Adjudicate()
		}
	}
	g.buf = pos.AppendDrawing(g.buf)
	g.buf = append(g.buf, '\n')
	if status == minichess.Draw {
		g.buf = append(g.buf, "Draw\n"...)
	} else {
		g.buf = append(g.buf, "Player"...)
		g.buf = strconv.AppendInt(g.buf, int64(winner)+1, 10)
		g.buf = append(g.buf, " wins\n"...)
	}
	if err := g.emit(); err != nil {
		return g.fail(err)
	}
	if err := os.Remove(g.path(StateFile)); err != nil {
		io.WriteString(g.stderr, "Error removing file: state\n")
	}
	if err := log.Close(); err != nil {
		fmt.Fprintf(g.stderr, "main: write %s: %s\n", GamelogFile, oneLine(err.Error()))
		return 1
	}
	return 0
}

// noMove is what the runner takes when the action file holds no complete
// move: the C++ runner's initial (-1, -1, -1, -1).
var noMove = minichess.RawMove{-1, -1, -1, -1}

// readAction parses the action file (docs/minichess.md, "The file protocol").
// A missing or unreadable file yields no move and a count of 0.
func (g *game) readAction() (minichess.RawMove, int) {
	f, err := os.Open(g.path(ActionFile))
	if err != nil {
		return noMove, 0
	}
	defer f.Close()
	raw, count, _ := minichess.ParseAction(f)
	if count == 0 {
		raw = noMove
	}
	return raw, count
}

// find returns the move of list equal to raw in all four numbers.
func find(list []minichess.Move, raw minichess.RawMove) (minichess.Move, bool) {
	for _, m := range list {
		if m.Raw() == raw {
			return m, true
		}
	}
	return minichess.Move{}, false
}

// oneLine escapes line breaks in s, so that an error message that quotes
// a user's argument stays one line.
func oneLine(s string) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s)
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
