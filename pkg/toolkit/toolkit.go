// Package toolkit implements the gamesearch command: tools around the
// registered games (package games) that students and graders reach for.
// It names no game: each game's gamedef package gives its adapters.
//
// Subcommands:
//
//   - perft GAME POSITION DEPTH [-divide]: leaf counts of the move tree, with
//     per-root-move divide output, for checking a move generator.
//   - tree GAME INPUT [-algorithm minimax|alphabeta] [-depth N] [-format
//     dot|text] [-max-nodes N]: the search tree the graded program explores,
//     drawn by package treeview, at most 60 nodes unless -max-nodes says
//     otherwise (the others collapsed), with a legend.
//   - bench [-quick]: one table of speed figures per game.
//   - play GAME: a person plays against the engine in the terminal; the
//     engine answers within its time per move and shows its progress.
//   - serve [-addr HOST:PORT] [-open] [PAGE]: the search explorer, a local
//     web server (package explorer): graded programs' trees, play.
//   - match GAME A B: plays games between two players (engines with settings,
//     the course's players, or external programs speaking the game's
//     protocol), both colours from a seeded list of openings, and prints
//     wins/draws/losses, the score and the Elo difference with its 95%
//     interval.
//   - check PROGRAM -- COMMAND and gen PROGRAM -o DIR: the autograder and
//     its test-set generator, package check.
//
// Conventions:
//
//   - Every search goes through pkg/search with the options of the game's
//     graded program; this package never searches by itself. Perft counts use
//     the game packages' own perft where they have one.
//   - Flags may appear anywhere after the subcommand, before or after the
//     positional arguments.
//   - Bad input or usage prints exactly one line on stderr, naming the
//     subcommand and what is wrong (and where), and returns exit status 2.
//   - Output is deterministic: no maps are iterated, searches have no random
//     element.
//   - Adding a subcommand is one line in [commands]; adding a game is its
//     gamedef package and one line in the registry (docs/architecture.md).
package toolkit

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/games"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// command is one subcommand of gamesearch.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands lists the subcommands in the order of the usage text.
var commands = []command{
	{"perft", "perft GAME POSITION DEPTH [-divide]   leaf counts of the move tree", runPerft},
	{"tree", "tree GAME INPUT [-algorithm minimax|alphabeta] [-depth N] [-format dot|text] [-max-nodes N] [-o FILE]   the search tree", runTree},
	{"bench", "bench [-quick] [-corpus DIR]   speed figures of every game", runBench},
	{"play", "play GAME [-depth N] [-time DUR] [-human first|second]   play against the engine", runPlay},
	{"serve", serveUsage + "   the search explorer in the browser: every graded program's tree, a board to play the engines", runServe},
	{"match", "match GAME PLAYER_A PLAYER_B [-games N] [-openings N] [-seed S] [-maxplies N] [-movetime DUR]   a match between two players", runMatch},
	{"check", "check PROGRAM [flags] -- COMMAND [ARG...]   judge a student's program against the reference", func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return exitStatus(check.Check(games.CheckFamilies(), args, stdout, stderr))
	}},
	{"grade", "grade PROGRAM [check flags] [-j N] [-o OUTDIR] SUBMISSIONS   build and check a class's submissions: grades.csv, reports, index.html", func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return exitStatus(check.Grade(games.CheckFamilies(), args, stdout, stderr))
	}},
	{"autograder", "autograder PROGRAM [-n N] [-seed S] [-binary PATH] -o FILE.zip   a Gradescope autograder bundle", func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return exitStatus(check.Autograder(games.CheckFamilies(), args, stdout, stderr))
	}},
	{"gen", "gen PROGRAM [-rules R] [-board B] [-piece K] [-n N] [-seed S] -o DIR   a fresh test set with expected outputs", func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return exitStatus(check.Gen(games.CheckFamilies(), args, stdout, stderr))
	}},
}

// exitStatus is the exit status of a subcommand that prints its own
// messages (check, gen).
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// usageText is the top-level help.
func usageText() string {
	var b strings.Builder
	b.WriteString("usage: gamesearch COMMAND [arguments]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %s\n", c.summary)
	}
	b.WriteString("\ngames: ")
	b.WriteString(gameNames())
	b.WriteString("\nrun \"gamesearch COMMAND -h\" for a command's flags\n")
	return b.String()
}

// Run is the gamesearch program: args are the arguments after the program
// name. It returns the exit status: 0 on success, 2 for bad usage or input,
// 1 when the output cannot be written.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "gamesearch: missing command (perft, tree, bench, play, match, check, gen); run \"gamesearch help\"")
		return 2
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		io.WriteString(stdout, usageText())
		return 0
	}
	for _, c := range commands {
		if c.name == name {
			err := c.run(args[1:], stdin, stdout, stderr)
			return report(stderr, "gamesearch "+name, err)
		}
	}
	fmt.Fprintf(stderr, "gamesearch: unknown command %q (want %s)\n", name, commandNames())
	return 2
}

func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

// errHelp is returned after a subcommand printed its help.
var errHelp = errors.New("help")

// outputError is a failure to write the output: exit status 1.
type outputError struct{ err error }

func (e *outputError) Error() string { return "cannot write output: " + e.err.Error() }

// report prints err as one stderr line and returns the exit status.
func report(stderr io.Writer, prefix string, err error) int {
	var es exitStatus
	switch {
	case err == nil, errors.Is(err, errHelp):
		return 0
	case errors.As(err, &es):
		return int(es)
	}
	msg := strings.ReplaceAll(err.Error(), "\n", " ")
	fmt.Fprintf(stderr, "%s: %s\n", prefix, msg)
	var oe *outputError
	if errors.As(err, &oe) {
		return 1
	}
	return 2
}

// writeHelp writes the help of a subcommand in the one form of every
// subcommand: the usage line, the notes (when any) and the flags of fs.
func writeHelp(w io.Writer, usage, notes string, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: gamesearch %s\n\n", usage)
	if notes != "" {
		fmt.Fprintf(w, "%s\n\n", notes)
	}
	fmt.Fprintln(w, "flags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// parseArgs parses flags anywhere among args with fs and returns the
// positional arguments. A lone "-" (stdin) and negative numbers are
// positional; "--" ends the flags. -h writes the help ([writeHelp]).
func parseArgs(fs *flag.FlagSet, args []string, stdout io.Writer, usage, notes string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				writeHelp(stdout, usage, notes, fs)
				return nil, errHelp
			}
			return nil, fmt.Errorf("%v (usage: gamesearch %s)", err, usage)
		}
		args = fs.Args()
		// Negative numbers are positional too, for the DEPTH message.
		for len(args) > 0 && (!strings.HasPrefix(args[0], "-") || args[0] == "-" || isNegative(args[0])) {
			pos = append(pos, args[0])
			args = args[1:]
		}
		if len(args) == 0 {
			return pos, nil
		}
	}
}

// isNegative reports whether s is a negative integer such as "-1".
func isNegative(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// gameCommand is a subcommand that takes GAME as its first argument (perft,
// tree, play): its help has one form, with or without a game.
type gameCommand struct {
	// usage is the usage line after "gamesearch ", e.g. "perft GAME
	// POSITION DEPTH [flags]".
	usage string
	// about says what the subcommand does, and how, in a paragraph.
	about string
}

// selectGame reads the GAME argument of the subcommand of fs, which must
// come first, and registers the game's flags on fs, which holds the
// subcommand's own. -h in its place writes the help without a game: the
// usage line, what the subcommand does, the games and the subcommand's
// flags.
func (gc gameCommand) selectGame(args []string, stdout io.Writer, fs *flag.FlagSet) (kit.Game, []string, error) {
	if len(args) == 0 {
		return nil, nil, fmt.Errorf("missing GAME (usage: gamesearch %s)", gc.usage)
	}
	if a := args[0]; a == "-h" || a == "-help" || a == "--help" {
		notes := fmt.Sprintf("%s\n\ngames: %s; \"gamesearch %s GAME -h\" adds the game's\npositions, moves and flags.", gc.about, gameNames(), fs.Name())
		writeHelp(stdout, gc.usage, notes, fs)
		return nil, nil, errHelp
	}
	ad, err := findGame(args[0])
	if err != nil {
		return nil, nil, err
	}
	ad.Flags(fs, fs.Name())
	return ad, args[1:], nil
}

// parseArgs parses the arguments after GAME with fs; -h writes the help
// with the game: the usage line, what the subcommand does, the game's
// positions and moves, and the flags, the game's included.
func (gc gameCommand) parseArgs(ad kit.Game, fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, error) {
	return parseArgs(fs, args, stdout, gc.usage, gc.about+"\n\n"+ad.Notation())
}

// gameNames lists the registered games: "congo, morris, minichess, starcircle".
func gameNames() string { return strings.Join(games.Names(), ", ") }

// findGame returns a new adapter of the game called name.
func findGame(name string) (kit.Game, error) {
	if g := games.Find(name); g != nil {
		return g.Tools(), nil
	}
	return nil, fmt.Errorf("unknown game %q (want %s)", name, gameNames())
}
