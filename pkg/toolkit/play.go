package toolkit

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// defaultPlayTime is the engine's thinking time per move without -time.
const defaultPlayTime = 5 * time.Second

// maxPlayDepth is the deepest iteration play allows, and the depth cap of
// -time without -depth.
const maxPlayDepth = 64

// playCommand is the play subcommand's usage and help; it explains the
// engine's limits.
var playCommand = gameCommand{
	usage: "play GAME [flags]",
	about: `Plays GAME in the terminal: a person against the engine. The engine deepens
iteratively (depth 1, 2, ...) and answers when the time per move is up or the
depth cap is reached, whichever comes first; the time always applies (default
5s). While it thinks, a line per completed depth shows the depth, its best move,
the score for the engine and the nodes searched.`,
}

func runPlay(args []string, stdin io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	human := fs.String("human", "first", "the side the person plays: first or second")
	depth := fs.Int("depth", 0, "the engine's depth cap, 1 to 64 (default: the game's, or 64 with -time)")
	budget := fs.Duration("time", defaultPlayTime, "the engine's thinking time per move, e.g. 500ms or 2s; it always applies")
	ad, args, err := playCommand.selectGame(args, stdout, fs)
	if err != nil {
		return err
	}
	pos, err := playCommand.parseArgs(ad, fs, args, stdout)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return fmt.Errorf("unexpected argument %q (usage: gamesearch %s)", pos[0], playCommand.usage)
	}
	side := 0
	switch *human {
	case "first", "1":
	case "second", "2":
		side = 1
	default:
		return fmt.Errorf("-human %q: want first or second", *human)
	}
	if *depth < 0 || *depth > maxPlayDepth {
		return fmt.Errorf("-depth %d: want 1 to %d", *depth, maxPlayDepth)
	}
	if *budget <= 0 {
		return fmt.Errorf("-time %v: want a positive duration such as 500ms or 2s", *budget)
	}
	timeSet := false
	fs.Visit(func(f *flag.Flag) { timeSet = timeSet || f.Name == "time" })
	o := kit.PlayOptions{Depth: *depth, Budget: *budget}
	s, err := ad.Session(o)
	if err != nil {
		return err
	}
	if o.Depth == 0 {
		o.Depth = s.DefaultDepth()
		if timeSet {
			o.Depth = maxPlayDepth
		}
	}
	w := bufio.NewWriter(stdout)
	err = playLoop(s, side, o, bufio.NewScanner(stdin), w)
	if ferr := w.Flush(); err == nil && ferr != nil {
		err = &outputError{ferr}
	}
	return err
}

// normalize folds a move spelling for comparison: lower case, without
// blanks and dashes.
func normalize(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '-' || c == '\r':
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// findMove returns the index of the move spelled in, or -1.
func findMove(s kit.Session, moves []string, in string) int {
	n := normalize(in)
	if n == "" {
		return -1
	}
	al, _ := s.(kit.Aliaser)
	for i, m := range moves {
		if normalize(m) == n || al != nil && normalize(al.Alias(i)) == n {
			return i
		}
	}
	return -1
}

func limits(o kit.PlayOptions) string {
	return fmt.Sprintf("%v per move, up to depth %d", o.Budget, o.Depth)
}

// playLoop runs the game: the board after every move, the engine's replies
// with a line per completed iteration while it thinks, and the person's
// commands read line by line from in. Everything written is flushed before
// the engine thinks and before a command is read.
func playLoop(s kit.Session, human int, o kit.PlayOptions, in *bufio.Scanner, w *bufio.Writer) error {
	names := s.Players()
	fmt.Fprintf(w, "You play %s; the engine plays %s (%s, %s).\n", names[human], names[1-human], s.EngineName(), limits(o))
	fmt.Fprintln(w, "Type a move, or: moves, undo, depth N, time DURATION, quit.")
	plies, lineNo := 0, 0
	changed := true
	var werr error
	flush := func() {
		if err := w.Flush(); err != nil && werr == nil {
			werr = &outputError{err}
		}
	}
	for {
		if changed {
			fmt.Fprintln(w)
			s.Draw(w)
			changed = false
		}
		if res, over := s.Over(); over {
			fmt.Fprintf(w, "Game over: %s\n", res)
			return nil
		}
		moves := s.Moves()
		if s.Turn() != human {
			engine := names[1-human]
			fmt.Fprintf(w, "Engine (%s) is thinking (%s)...\n", engine, limits(o))
			flush()
			a := s.Think(o, func(it kit.Iteration) {
				fmt.Fprintf(w, "  depth %d: best %s, score %d for %s, %d nodes\n", it.Depth, moves[it.Move], it.Value, engine, it.Nodes)
				flush()
			})
			if werr != nil {
				return werr
			}
			why := ""
			if a.TimeUp {
				why = ", time up"
			}
			fmt.Fprintf(w, "Engine (%s) plays %s (depth %d%s).\n", engine, moves[a.Move], a.Depth, why)
			s.Play(a.Move)
			plies++
			changed = true
			continue
		}
		fmt.Fprintf(w, "%s to move> ", names[human])
		if flush(); werr != nil {
			return werr
		}
		if !in.Scan() {
			fmt.Fprintln(w)
			if err := in.Err(); err != nil {
				if errors.Is(err, bufio.ErrTooLong) {
					return fmt.Errorf("standard input line %d: longer than %d bytes", lineNo+1, bufio.MaxScanTokenSize)
				}
				return fmt.Errorf("reading standard input: %v", err)
			}
			fmt.Fprintln(w, "Input ended; game abandoned.")
			return nil
		}
		lineNo++
		line := strings.TrimSpace(in.Text())
		fields := strings.Fields(line)
		cmd := ""
		if len(fields) > 0 {
			cmd = strings.ToLower(fields[0])
		}
		switch {
		case line == "":
			continue
		case cmd == "quit" || cmd == "resign" || cmd == "exit":
			fmt.Fprintf(w, "Game over: %s resigns; %s wins.\n", names[human], names[1-human])
			return nil
		case cmd == "moves" || cmd == "help" || cmd == "?":
			fmt.Fprintf(w, "Legal moves: %s\n", strings.Join(moves, " "))
			continue
		case cmd == "undo" || cmd == "takeback":
			if plies <= human { // the person has not moved yet
				fmt.Fprintln(w, "Nothing to take back.")
				continue
			}
			for s.Undo() {
				plies--
				if s.Turn() == human {
					break
				}
			}
			fmt.Fprintln(w, "Took back your last move.")
			changed = true
			continue
		case cmd == "depth" && len(fields) == 2:
			d, err := strconv.Atoi(fields[1])
			if err != nil || d < 1 || d > maxPlayDepth {
				fmt.Fprintf(w, "depth %q: want 1 to %d\n", fields[1], maxPlayDepth)
				continue
			}
			o.Depth = d
			fmt.Fprintf(w, "Engine: %s.\n", limits(o))
			continue
		case cmd == "time" && len(fields) == 2:
			d, err := time.ParseDuration(fields[1])
			if err != nil || d <= 0 {
				fmt.Fprintf(w, "time %q: want a positive duration such as 500ms or 2s\n", fields[1])
				continue
			}
			o.Budget = d
			fmt.Fprintf(w, "Engine: %s.\n", limits(o))
			continue
		}
		i := findMove(s, moves, line)
		if i < 0 {
			if len(moves) == 0 {
				fmt.Fprintf(w, "Illegal move %q: there is no legal move.\n", line)
			} else {
				fmt.Fprintf(w, "Illegal move %q. Legal moves: %s\n", line, strings.Join(moves, " "))
			}
			continue
		}
		fmt.Fprintf(w, "You play %s.\n", moves[i])
		s.Play(i)
		plies++
		changed = true
	}
}
