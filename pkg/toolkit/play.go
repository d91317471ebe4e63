package toolkit

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// playOptions are the settings of the play subcommand.
type playOptions struct {
	// depth is the engine's search depth (with a time budget: the deepest
	// iteration); 0 means the game's default.
	depth int
	// budget, when positive, makes the engine deepen iteratively until it
	// runs out (the depth-1 iteration always completes).
	budget time.Duration
}

// session is a game in progress between a person and the engine.
type session interface {
	// players names the first and the second player.
	players() [2]string
	// engineName describes the engine ("alpha-beta, advanced evaluation").
	engineName() string
	// defaultDepth is the engine's depth when -depth is not given.
	defaultDepth() int
	// draw writes the board.
	draw(w io.Writer)
	// moves returns the labels of the legal moves of the side to move, in
	// generation order.
	moves() []string
	// play plays the i-th move of moves().
	play(i int)
	// undo takes back the last ply; it returns false at the start.
	undo() bool
	// turn is 0 when the first player is to move, 1 for the second.
	turn() int
	// over reports whether the game has ended, with the result.
	over() (string, bool)
	// think returns the engine's move (an index into moves()), searching to
	// depth, or under budget when it is positive, and the depth reached.
	think(depth int, budget time.Duration) (int, int)
}

// aliaser is implemented by sessions whose moves have a second spelling.
type aliaser interface {
	alias(i int) string
}

const playUsage = "play GAME [-human first|second] [-depth N] [-time DURATION] (GAME first)"

func runPlay(args []string, stdin io.Reader, stdout, _ io.Writer) error {
	ad, args, err := selectGame(args, stdout, playUsage)
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	human := fs.String("human", "first", "the side the person plays: first or second")
	depth := fs.Int("depth", 0, "engine search depth (default: the game's; with -time, the deepest iteration)")
	budget := fs.Duration("time", 0, "engine thinking time per move, e.g. 2s (default: fixed depth)")
	ad.flags(fs, "play")
	pos, err := parseArgs(fs, args, stdout, playUsage, ad.notation())
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return fmt.Errorf("unexpected argument %q (usage: gamesearch %s)", pos[0], playUsage)
	}
	side := 0
	switch *human {
	case "first", "1":
	case "second", "2":
		side = 1
	default:
		return fmt.Errorf("-human %q: want first or second", *human)
	}
	if *depth < 0 || *depth > 64 {
		return fmt.Errorf("-depth %d: want 1 to 64", *depth)
	}
	if *budget < 0 {
		return fmt.Errorf("-time %v: must not be negative", *budget)
	}
	o := playOptions{depth: *depth, budget: *budget}
	s, err := ad.session(o)
	if err != nil {
		return err
	}
	if o.depth == 0 {
		o.depth = s.defaultDepth()
		if o.budget > 0 {
			o.depth = 64
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
func findMove(s session, moves []string, in string) int {
	n := normalize(in)
	if n == "" {
		return -1
	}
	al, _ := s.(aliaser)
	for i, m := range moves {
		if normalize(m) == n || al != nil && normalize(al.alias(i)) == n {
			return i
		}
	}
	return -1
}

func limits(o playOptions) string {
	if o.budget > 0 {
		return fmt.Sprintf("%v per move, up to depth %d", o.budget, o.depth)
	}
	return fmt.Sprintf("depth %d", o.depth)
}

// playLoop runs the game: the board after every move, the engine's replies,
// and the person's commands read line by line from in.
func playLoop(s session, human int, o playOptions, in *bufio.Scanner, w *bufio.Writer) error {
	names := s.players()
	fmt.Fprintf(w, "You play %s; the engine plays %s (%s, %s).\n", names[human], names[1-human], s.engineName(), limits(o))
	fmt.Fprintln(w, "Type a move, or: moves, undo, depth N, time DURATION, quit.")
	plies := 0
	changed := true
	for {
		if changed {
			fmt.Fprintln(w)
			s.draw(w)
			changed = false
		}
		if res, over := s.over(); over {
			fmt.Fprintf(w, "Game over: %s\n", res)
			return nil
		}
		moves := s.moves()
		if s.turn() != human {
			i, d := s.think(o.depth, o.budget)
			fmt.Fprintf(w, "Engine (%s) plays %s (depth %d).\n", names[1-human], moves[i], d)
			s.play(i)
			plies++
			changed = true
			continue
		}
		fmt.Fprintf(w, "%s to move> ", names[human])
		if err := w.Flush(); err != nil {
			return &outputError{err}
		}
		if !in.Scan() {
			fmt.Fprintln(w, "\nInput ended; game abandoned.")
			return nil
		}
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
			for s.undo() {
				plies--
				if s.turn() == human {
					break
				}
			}
			fmt.Fprintln(w, "Took back your last move.")
			changed = true
			continue
		case cmd == "depth" && len(fields) == 2:
			d, err := strconv.Atoi(fields[1])
			if err != nil || d < 1 || d > 64 {
				fmt.Fprintf(w, "depth %q: want 1 to 64\n", fields[1])
				continue
			}
			o.depth = d
			fmt.Fprintf(w, "Engine: %s.\n", limits(o))
			continue
		case cmd == "time" && len(fields) == 2:
			d, err := time.ParseDuration(fields[1])
			if err != nil || d < 0 {
				fmt.Fprintf(w, "time %q: want a duration such as 500ms or 2s (0 for fixed depth)\n", fields[1])
				continue
			}
			o.budget = d
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
		s.play(i)
		plies++
		changed = true
	}
}

// think runs the engine search: alpha-beta to depth with the game's search
// conventions, or with a positive budget iterative deepening from depth 1 to
// depth that abandons the iteration in progress when the time is up (the
// first iteration always completes). It returns the last completed result
// and its depth.
func think[P, M any, G search.Game[P, M]](g G, opt search.Options, root P, depth int, budget time.Duration) (search.Result[M], int) {
	if budget <= 0 {
		return search.New[P, M](g, opt).AlphaBeta(root, depth), depth
	}
	deadline := time.Now().Add(budget)
	armed := false
	opt.Stop = func() bool { return armed && !time.Now().Before(deadline) }
	s := search.New[P, M](g, opt)
	var best search.Result[M]
	reached := 0
	for d := 1; d <= depth; d++ {
		r := s.AlphaBeta(root, d)
		if r.Aborted {
			break
		}
		best, reached = r, d
		armed = true
		if !r.HasMove || !time.Now().Before(deadline) {
			break
		}
	}
	return best, reached
}
