package toolkit

// This file holds the match subcommand: N games between two players of one
// game (built-in engines, the course players, external programs), both
// colours from each of a fixed list of openings, with a progress line per
// game on stderr and the result (W/D/L, score, Elo with its 95% interval)
// on stdout. The games plug in through [matchGames]; the game-specific
// parts are in match_<game>.go.

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
)

const matchUsage = "match GAME PLAYER_A PLAYER_B [-games N] [-openings N] [-seed S] [-maxplies N] [-movetime DUR] [-plies K] [-start POSITION] [-variant V] [-quiet] [-v]"

const matchNotes = `Plays N games of GAME between PLAYER_A and PLAYER_B. Game i starts from opening
i/2 of a fixed list of varied openings (shuffled by -seed), A taking the first colour in even
games and the second in odd ones, so each opening is played with both colours. A progress
line per game goes to stderr; the result for A (wins/draws/losses, score, Elo difference with
its 95% interval, likelihood of superiority) goes to stdout. With deterministic players the
output depends only on the arguments.

PLAYER is one of
  engine[:KEY=VALUE,...]        the tournament engine of pkg/engine: depth=N, nodes=N,
                                time=DUR (per move), hash=MiB, and on/off switches tt,
                                hashmove, mvvlva, killers, history, pvs, aspiration,
                                quiescence (qs), nullmove (null), lmr, futility, checkext
                                (default: the game's engine options, nodes=20000 unless
                                depth, time or -movetime is set); depth, nodes and time
                                combine, the first reached ends the reply
  a course player of the game   (see below), e.g. alphabeta:depth=4
  exec[,KEY=VALUE...]:COMMAND   an external program speaking the game's protocol; COMMAND
                                is split at blanks (program, then arguments)

Course players, protocols and openings of each game:`

// matchHelp returns the notes of the help text, with every game's.
func matchHelp() string {
	var b strings.Builder
	b.WriteString(matchNotes)
	for _, g := range matchGames {
		fmt.Fprintf(&b, "\n  %-10s  %s", g.name, strings.Join(wrap(g.notes, 74), "\n              "))
	}
	return b.String()
}

// wrap splits text into lines of at most width bytes at blanks (longer
// words stand alone).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

// matchSettings are the parsed flags of a match.
type matchSettings struct {
	games    int
	openings int
	seed     uint64
	maxPlies int
	moveTime time.Duration
	start    string
	variant  string
	plies    int
	quiet    bool
	verbose  bool
	specs    [2]string
	stdin    io.Reader
	stderr   io.Writer
}

// matchGame is a game the match subcommand can play.
type matchGame struct {
	name string
	// notes describe the game's course players, protocol and openings for
	// the help text.
	notes string
	// play runs the match and returns its summary; its errors are bad
	// input.
	play func(s *matchSettings) (*matchSummary, error)
}

// matchSummary is what the games report back for printing.
type matchSummary struct {
	colors   [2]string
	openings int
	report   *match.Report[string]
}

// matchGameByName returns the match support of the game called name.
func matchGameByName(name string) (matchGame, error) {
	var names []string
	for _, g := range matchGames {
		if g.name == name {
			return g, nil
		}
		names = append(names, g.name)
	}
	return matchGame{}, fmt.Errorf("unknown game %q (match games: %s)", name, strings.Join(names, ", "))
}

func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("missing GAME (usage: gamesearch %s)", matchUsage)
	}
	if a := args[0]; a == "-h" || a == "-help" || a == "--help" {
		fmt.Fprintf(stdout, "usage: gamesearch %s\n\n%s\n", matchUsage, matchHelp())
		return errHelp
	}
	mg, err := matchGameByName(args[0])
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	games := fs.Int("games", 0, "number of games (default: two per opening)")
	openings := fs.Int("openings", 0, "number of openings taken from the game's list (default: all)")
	seed := fs.Uint64("seed", 1, "seed: order of the openings and the players' game seeds")
	maxPlies := fs.Int("maxplies", 0, "end a game after this many plies (0: the game's default)")
	moveTime := fs.Duration("movetime", 0, "time per move; a longer reply loses the game (0: no limit)")
	start := fs.String("start", "", "start position instead of the game's openings (the game's notation)")
	variant := fs.String("variant", "", "the game's variant: Congo edition 2021|2022 (default 2022), Morris board S22|E21|F18|B21|D23|U21 (default S22)")
	plies := fs.Int("plies", 0, "openings are every line of this many plies from the start (starcircle, minichess; default 2)")
	quiet := fs.Bool("quiet", false, "no progress lines on stderr")
	verbose := fs.Bool("v", false, "list every game on stdout")
	pos, err := parseArgs(fs, args[1:], stdout, matchUsage, matchHelp())
	if err != nil {
		return err
	}
	switch {
	case len(pos) < 2:
		return fmt.Errorf("want two players, got %d (usage: gamesearch %s)", len(pos), matchUsage)
	case len(pos) > 2:
		return fmt.Errorf("unexpected argument %q (usage: gamesearch %s)", pos[2], matchUsage)
	case *games < 0 || *games > 1_000_000:
		return fmt.Errorf("-games %d: want 1 to 1000000 (0: two per opening)", *games)
	case *openings < 0:
		return fmt.Errorf("-openings %d: must not be negative", *openings)
	case *plies < 0 || *plies > 6:
		return fmt.Errorf("-plies %d: want 1 to 6", *plies)
	case *maxPlies < 0:
		return fmt.Errorf("-maxplies %d: must not be negative", *maxPlies)
	case *moveTime < 0:
		return fmt.Errorf("-movetime %v: must not be negative", *moveTime)
	}
	s := &matchSettings{games: *games, openings: *openings, seed: *seed, maxPlies: *maxPlies,
		moveTime: *moveTime, start: *start, variant: *variant, plies: *plies, quiet: *quiet, verbose: *verbose,
		specs: [2]string{pos[0], pos[1]}, stdin: stdin, stderr: stderr}
	sum, err := mg.play(s)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	writeMatchSummary(w, mg.name, s, sum)
	if err := w.Flush(); err != nil {
		return &outputError{err}
	}
	return nil
}

// writeMatchSummary prints the result of a match.
func writeMatchSummary(w io.Writer, game string, s *matchSettings, sum *matchSummary) {
	r := sum.report
	used := min(sum.openings, (r.Stats.Games()+1)/2)
	fmt.Fprintf(w, "match %s: %d games from %d of %d openings, seed %d\n", game, r.Stats.Games(), used, sum.openings, s.seed)
	fmt.Fprintf(w, "A: %s\nB: %s\n", r.Names[0], r.Names[1])
	if s.verbose {
		for _, g := range r.Games {
			fmt.Fprintf(w, "game %d: opening %d, A %s: %s, %s after %d plies\n",
				g.Index+1, g.Opening, sum.colors[g.AColor], g.Result, g.Reason, g.Plies)
		}
	}
	fmt.Fprintf(w, "A as %s: %s\n", sum.colors[0], statsLine(r.ByColor[0]))
	fmt.Fprintf(w, "A as %s: %s\n", sum.colors[1], statsLine(r.ByColor[1]))
	fmt.Fprintf(w, "forfeits: A %d, B %d\n", r.Forfeits[0], r.Forfeits[1])
	fmt.Fprintf(w, "result for A: %s  LOS %.1f%%\n", r.Stats, 100*r.Stats.LOS())
}

// statsLine is the short form of per-colour results.
func statsLine(s match.Stats) string {
	return fmt.Sprintf("W %d D %d L %d  score %.1f%%", s.Wins, s.Draws, s.Losses, 100*s.Score())
}

// playerSpec is a parsed PLAYER argument.
type playerSpec struct {
	// text is the argument as given (the player's name in reports).
	text string
	// kind is "engine", "exec" or a course player's name.
	kind string
	// settings are the KEY=VALUE pairs, in order.
	settings []setting
	// command is exec's command line, split at blanks.
	command []string
	// used marks the settings a player consumed, to report unknown ones.
	used []bool
}

type setting struct{ key, value string }

// specKind returns the kind of a PLAYER argument: the text before the first
// ':' or ','.
func specKind(text string) string {
	if i := strings.IndexAny(text, ":,"); i >= 0 {
		return text[:i]
	}
	return text
}

// parsePlayerSpec parses "kind[:k=v,...]", "kind[,k=v,...]" or
// "exec[,k=v...]:COMMAND".
func parsePlayerSpec(text string) (*playerSpec, error) {
	sp := &playerSpec{text: text}
	if text == "" {
		return nil, fmt.Errorf("empty player")
	}
	i := strings.IndexAny(text, ":,")
	if i < 0 {
		i = len(text)
	}
	sp.kind = text[:i]
	rest := text[i:]
	var list string
	if sp.kind == "exec" {
		head, cmd, ok := strings.Cut(rest, ":")
		if !ok {
			return nil, fmt.Errorf("player %q: want exec[,KEY=VALUE...]:COMMAND", text)
		}
		sp.command = strings.Fields(cmd)
		if len(sp.command) == 0 {
			return nil, fmt.Errorf("player %q: empty command", text)
		}
		list = strings.TrimPrefix(head, ",")
	} else if rest != "" {
		list = rest[1:]
	}
	if list != "" {
		for _, kv := range strings.Split(list, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return nil, fmt.Errorf("player %q: setting %q is not KEY=VALUE", text, kv)
			}
			for _, s := range sp.settings {
				if s.key == k {
					return nil, fmt.Errorf("player %q: setting %q given twice", text, k)
				}
			}
			sp.settings = append(sp.settings, setting{k, v})
		}
	}
	sp.used = make([]bool, len(sp.settings))
	return sp, nil
}

// get returns the value of a setting and marks it used.
func (sp *playerSpec) get(key string) (string, bool) {
	for i, s := range sp.settings {
		if s.key == key {
			sp.used[i] = true
			return s.value, true
		}
	}
	return "", false
}

// intSetting returns a setting as an integer in [lo, hi], or def.
func (sp *playerSpec) intSetting(key string, def, lo, hi int) (int, error) {
	v, ok := sp.get(key)
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("player %q: %s=%q: want an integer from %d to %d", sp.text, key, v, lo, hi)
	}
	return n, nil
}

// durationSetting returns a positive duration setting, or def.
func (sp *playerSpec) durationSetting(key string, def time.Duration) (time.Duration, error) {
	v, ok := sp.get(key)
	if !ok {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("player %q: %s=%q: want a positive duration such as 100ms", sp.text, key, v)
	}
	return d, nil
}

// boolSetting returns an on/off setting, or def.
func (sp *playerSpec) boolSetting(key string, def bool) (bool, error) {
	v, ok := sp.get(key)
	if !ok {
		return def, nil
	}
	switch v {
	case "on", "true", "1", "yes":
		return true, nil
	case "off", "false", "0", "no":
		return false, nil
	}
	return false, fmt.Errorf("player %q: %s=%q: want on or off", sp.text, key, v)
}

// choice returns a setting that must be one of the words, or def.
func (sp *playerSpec) choice(key, def string, words ...string) (string, error) {
	v, ok := sp.get(key)
	if !ok {
		return def, nil
	}
	for _, w := range words {
		if strings.EqualFold(v, w) {
			return w, nil
		}
	}
	return "", fmt.Errorf("player %q: %s=%q: want %s", sp.text, key, v, strings.Join(words, " or "))
}

// done reports the first setting no player consumed.
func (sp *playerSpec) done() error {
	for i, s := range sp.settings {
		if !sp.used[i] {
			return fmt.Errorf("player %q: unknown setting %q for %s", sp.text, s.key, sp.kind)
		}
	}
	return nil
}

// engineSpec is an engine player's settings.
type engineSpec struct {
	opt   engine.Options
	depth int
	nodes uint64
	time  time.Duration
}

// defaultEngineNodes is an engine player's node budget when neither a
// depth, a node budget nor a time is given.
const defaultEngineNodes = 20000

// parseEngineSpec reads the engine settings of sp over the game's options.
func parseEngineSpec(sp *playerSpec, base engine.Options, moveTime time.Duration) (engineSpec, error) {
	e := engineSpec{opt: base}
	var err error
	if e.depth, err = sp.intSetting("depth", 0, 1, engine.MaxPly-1); err != nil {
		return e, err
	}
	n, err := sp.intSetting("nodes", 0, 1, math.MaxInt32)
	if err != nil {
		return e, err
	}
	e.nodes = uint64(n)
	if e.time, err = sp.durationSetting("time", 0); err != nil {
		return e, err
	}
	if e.opt.HashMiB, err = sp.intSetting("hash", max(e.opt.HashMiB, 1), 1, 4096); err != nil {
		return e, err
	}
	for _, f := range engine.Features {
		for _, key := range []string{f.Name, f.Alias} {
			if key == "" {
				continue
			}
			if *f.Flag(&e.opt), err = sp.boolSetting(key, *f.Flag(&e.opt)); err != nil {
				return e, err
			}
		}
	}
	if e.opt.LMR && !e.opt.PVS {
		return e, fmt.Errorf("player %q: lmr=on needs pvs=on", sp.text)
	}
	if e.depth == 0 && e.nodes == 0 && e.time == 0 && moveTime == 0 {
		e.nodes = defaultEngineNodes
	}
	return e, sp.done()
}

// limit sets the limits of engine player p from e: depth, nodes and time
// combine (the first reached ends the reply); without any of them the match's
// move time limits it.
func limit[P, M any](p *match.EnginePlayer[P, M], e engineSpec) *match.EnginePlayer[P, M] {
	p.Depth, p.Nodes, p.MoveTime = e.depth, e.nodes, e.time
	p.UseMatchTime = e.depth == 0 && e.nodes == 0 && e.time == 0
	return p
}

// playMatch plays the match of s with the game's rules, players and
// openings, reporting progress on stderr, and returns its summary with the
// moves as strings (label), so the printing is the same for every game.
func playMatch[P, M any](s *matchSettings, rules match.Rules[P, M], players [2]match.Player[P, M],
	openings []P, colors [2]string, label func(M) string) (*matchSummary, error) {
	games := s.games
	if games == 0 {
		games = 2 * len(openings)
	}
	m := match.Match[P, M]{
		Rules: rules, Players: players, Openings: openings, Games: games, Seed: s.seed,
		MoveTime: s.moveTime, MaxPlies: s.maxPlies, Colors: colors,
	}
	if !s.quiet {
		m.Progress = func(p match.Progress) { fmt.Fprintln(s.stderr, p) }
	}
	rep, err := match.Play(m)
	if err != nil {
		return nil, err
	}
	out := &match.Report[string]{Names: rep.Names, Stats: rep.Stats, ByColor: rep.ByColor, Forfeits: rep.Forfeits}
	for _, g := range rep.Games {
		sg := match.Game[string]{Index: g.Index, Opening: g.Opening, AColor: g.AColor, Result: g.Result,
			Winner: g.Winner, Reason: g.Reason, Plies: g.Plies}
		for _, mv := range g.Moves {
			sg.Moves = append(sg.Moves, label(mv))
		}
		out.Games = append(out.Games, sg)
	}
	return &matchSummary{colors: colors, openings: len(openings), report: out}, nil
}

// openingPlies returns the -plies setting (default 2) for a game that
// enumerates its openings; it is an error with -start.
func (s *matchSettings) openingPlies() (int, error) {
	if s.plies != 0 && s.start != "" {
		return 0, fmt.Errorf("-plies %d and -start: give one of them", s.plies)
	}
	if s.plies == 0 {
		return 2, nil
	}
	return s.plies, nil
}

// chooseOpenings returns n openings of list (all when n is 0) in an order
// shuffled by seed.
func chooseOpenings[P any](list []P, n int, seed uint64) ([]P, error) {
	if n > len(list) {
		return nil, fmt.Errorf("-openings %d: the game's list has only %d", n, len(list))
	}
	if n == 0 {
		n = len(list)
	}
	return match.Select(list, n, seed), nil
}

// resolveProgram returns the absolute path of an external program: a name
// with a slash relative to the working directory, else found in PATH.
func resolveProgram(name string) (string, error) {
	if !strings.ContainsRune(name, '/') {
		p, err := exec.LookPath(name)
		if err != nil {
			return "", fmt.Errorf("program %q not found in PATH", name)
		}
		name = p
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("program %s: %v", name, errors.Unwrap(err))
	}
	if st.IsDir() || st.Mode()&0o111 == 0 {
		return "", fmt.Errorf("program %s is not an executable file", name)
	}
	return abs, nil
}

// matchGames lists the games the match subcommand plays, in the order of
// the help text.
var matchGames = []matchGame{congoMatch, morrisMatch, minichessMatch, starcircleMatch}
