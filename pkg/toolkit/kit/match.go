package kit

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
)

// MatchSettings are the parsed flags of a match.
type MatchSettings struct {
	Games    int
	Openings int
	Seed     uint64
	MaxPlies int
	MoveTime time.Duration
	Start    string
	Variant  string
	Plies    int
	Quiet    bool
	Verbose  bool
	Specs    [2]string
	Stdin    io.Reader
	Stderr   io.Writer
}

// MatchGame is a game the match subcommand can play.
type MatchGame struct {
	// Notes describe the game's course players, protocol and openings for
	// the help text.
	Notes string
	// Play runs the match and returns its summary; its errors are bad
	// input.
	Play func(s *MatchSettings) (*MatchSummary, error)
	// Variants says what -variant chooses, for the help text ("" when the
	// game has no variants).
	Variants string
	// Plies reports that -plies K makes the openings every K-ply line.
	Plies bool
}

// MatchSummary is what the games report back for printing.
type MatchSummary struct {
	Colors   [2]string
	Openings int
	Report   *match.Report[string]
}

// PlayerSpec is a parsed PLAYER argument.
type PlayerSpec struct {
	// Text is the argument as given (the player's name in reports).
	Text string
	// Kind is "engine", "exec" or a course player's name.
	Kind string
	// settings are the KEY=VALUE pairs, in order.
	settings []setting
	// Command is exec's command line, split at blanks.
	Command []string
	// used marks the settings a player consumed, to report unknown ones.
	used []bool
}

type setting struct{ key, value string }

// SpecKind returns the kind of a PLAYER argument: the text before the first
// ':' or ','.
func SpecKind(text string) string {
	if i := strings.IndexAny(text, ":,"); i >= 0 {
		return text[:i]
	}
	return text
}

// ParsePlayerSpec parses "kind[:k=v,...]", "kind[,k=v,...]" or
// "exec[,k=v...]:COMMAND".
func ParsePlayerSpec(text string) (*PlayerSpec, error) {
	sp := &PlayerSpec{Text: text}
	if text == "" {
		return nil, fmt.Errorf("empty player")
	}
	i := strings.IndexAny(text, ":,")
	if i < 0 {
		i = len(text)
	}
	sp.Kind = text[:i]
	rest := text[i:]
	var list string
	if sp.Kind == "exec" {
		head, cmd, ok := strings.Cut(rest, ":")
		if !ok {
			return nil, fmt.Errorf("player %q: want exec[,KEY=VALUE...]:COMMAND", text)
		}
		sp.Command = strings.Fields(cmd)
		if len(sp.Command) == 0 {
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
func (sp *PlayerSpec) get(key string) (string, bool) {
	for i, s := range sp.settings {
		if s.key == key {
			sp.used[i] = true
			return s.value, true
		}
	}
	return "", false
}

// Int returns a setting as an integer in [lo, hi], or def.
func (sp *PlayerSpec) Int(key string, def, lo, hi int) (int, error) {
	v, ok := sp.get(key)
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("player %q: %s=%q: want an integer from %d to %d", sp.Text, key, v, lo, hi)
	}
	return n, nil
}

// Duration returns a positive duration setting, or def.
func (sp *PlayerSpec) Duration(key string, def time.Duration) (time.Duration, error) {
	v, ok := sp.get(key)
	if !ok {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("player %q: %s=%q: want a positive duration such as 100ms", sp.Text, key, v)
	}
	return d, nil
}

// Bool returns an on/off setting, or def.
func (sp *PlayerSpec) Bool(key string, def bool) (bool, error) {
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
	return false, fmt.Errorf("player %q: %s=%q: want on or off", sp.Text, key, v)
}

// Choice returns a setting that must be one of the words, or def.
func (sp *PlayerSpec) Choice(key, def string, words ...string) (string, error) {
	v, ok := sp.get(key)
	if !ok {
		return def, nil
	}
	for _, w := range words {
		if strings.EqualFold(v, w) {
			return w, nil
		}
	}
	return "", fmt.Errorf("player %q: %s=%q: want %s", sp.Text, key, v, strings.Join(words, " or "))
}

// Done reports the first setting no player consumed.
func (sp *PlayerSpec) Done() error {
	for i, s := range sp.settings {
		if !sp.used[i] {
			return fmt.Errorf("player %q: unknown setting %q for %s", sp.Text, s.key, sp.Kind)
		}
	}
	return nil
}

// EngineSpec is an engine player's settings.
type EngineSpec struct {
	Options engine.Options
	Depth   int
	Nodes   uint64
	Time    time.Duration
}

// DefaultEngineNodes is an engine player's node budget when neither a
// depth, a node budget nor a time is given.
const DefaultEngineNodes = 20000

// ParseEngineSpec reads the engine settings of sp over the game's options.
func ParseEngineSpec(sp *PlayerSpec, base engine.Options, moveTime time.Duration) (EngineSpec, error) {
	e := EngineSpec{Options: base}
	var err error
	if e.Depth, err = sp.Int("depth", 0, 1, engine.MaxPly-1); err != nil {
		return e, err
	}
	n, err := sp.Int("nodes", 0, 1, math.MaxInt32)
	if err != nil {
		return e, err
	}
	e.Nodes = uint64(n)
	if e.Time, err = sp.Duration("time", 0); err != nil {
		return e, err
	}
	if e.Options.HashMiB, err = sp.Int("hash", max(e.Options.HashMiB, 1), 1, 4096); err != nil {
		return e, err
	}
	for _, f := range engine.Features {
		for _, key := range []string{f.Name, f.Alias} {
			if key == "" {
				continue
			}
			if *f.Flag(&e.Options), err = sp.Bool(key, *f.Flag(&e.Options)); err != nil {
				return e, err
			}
		}
	}
	if e.Options.LMR && !e.Options.PVS {
		return e, fmt.Errorf("player %q: lmr=on needs pvs=on", sp.Text)
	}
	if e.Depth == 0 && e.Nodes == 0 && e.Time == 0 && moveTime == 0 {
		e.Nodes = DefaultEngineNodes
	}
	return e, sp.Done()
}

// PlayMatch plays the match of s with the game's rules, players and
// openings, reporting progress on stderr, and returns its summary with the
// moves as strings (label), so the printing is the same for every game.
func PlayMatch[P, M any](s *MatchSettings, rules match.Rules[P, M], players [2]match.Player[P, M],
	openings []P, colors [2]string, label func(M) string) (*MatchSummary, error) {
	games := s.Games
	if games == 0 {
		games = 2 * len(openings)
	}
	m := match.Match[P, M]{
		Rules: rules, Players: players, Openings: openings, Games: games, Seed: s.Seed,
		MoveTime: s.MoveTime, MaxPlies: s.MaxPlies, Colors: colors,
	}
	if !s.Quiet {
		m.Progress = func(p match.Progress) { fmt.Fprintln(s.Stderr, p) }
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
	return &MatchSummary{Colors: colors, Openings: len(openings), Report: out}, nil
}

// OpeningPlies returns the -plies setting (default 2) for a game that
// enumerates its openings; it is an error with -start.
func (s *MatchSettings) OpeningPlies() (int, error) {
	if s.Plies != 0 && s.Start != "" {
		return 0, fmt.Errorf("-plies %d and -start: give one of them", s.Plies)
	}
	if s.Plies == 0 {
		return 2, nil
	}
	return s.Plies, nil
}

// ChooseOpenings returns n openings of list (all when n is 0) in an order
// shuffled by seed.
func ChooseOpenings[P any](list []P, n int, seed uint64) ([]P, error) {
	if n > len(list) {
		return nil, fmt.Errorf("-openings %d: the game's list has only %d", n, len(list))
	}
	if n == 0 {
		n = len(list)
	}
	return match.Select(list, n, seed), nil
}

// ResolveProgram returns the absolute path of an external program: a name
// with a slash relative to the working directory, else found in PATH.
func ResolveProgram(name string) (string, error) {
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

// Players builds the two players of a match from the PLAYER arguments
// with build, which names its errors. When the second cannot be built the
// first is closed; the caller closes both with ClosePlayers after the
// match.
func Players[P, M any](specs [2]string, build func(text string) (match.Player[P, M], error)) ([2]match.Player[P, M], error) {
	var ps [2]match.Player[P, M]
	for i, text := range specs {
		p, err := build(text)
		if err != nil {
			ClosePlayers(ps[:i])
			return ps, err
		}
		ps[i] = p
	}
	return ps, nil
}

// ClosePlayers ends the external programs among ps (the players with a
// Close method), so that no program or game folder outlives the match.
func ClosePlayers[P, M any](ps []match.Player[P, M]) {
	for _, p := range ps {
		if c, ok := p.(interface{ Close() error }); ok {
			c.Close()
		}
	}
}

// BasicMatch is the match support of a game whose match positions are its
// positions (P) and whose openings are the lines of a few plies from its
// start: [BasicMatch.Game] is its [MatchGame].
type BasicMatch[P, M any] struct {
	// Name is the game's name in messages; Notes are MatchGame's.
	Name, Notes string
	// Rules are the rules of a complete game; Colors name colour 0 and 1
	// in the report; Label writes a move.
	Rules  match.Rules[P, M]
	Colors [2]string
	Label  func(M) string
	// Openings returns the positions reached from the start by exactly
	// plies moves (-plies, 2 by default), as match.Enumerate does; Start
	// reads the position of -start, which is then the one opening.
	Openings func(plies int) []P
	Start    func(text string) (P, error)
	// Player builds the player of a PLAYER argument (engine, the course's
	// players, exec); an unknown kind is its error. Nil: Kinds's players.
	Player func(sp *PlayerSpec, s *MatchSettings) (match.Player[P, M], error)
	Kinds  PlayerKinds[P, M]
}

// Game returns the MatchGame of the game.
func (b *BasicMatch[P, M]) Game() MatchGame {
	return MatchGame{Notes: b.Notes, Play: b.play, Plies: true}
}

// play plays the match of s.
func (b *BasicMatch[P, M]) play(s *MatchSettings) (*MatchSummary, error) {
	if s.Variant != "" {
		return nil, fmt.Errorf("-variant %q: %s has no variants", s.Variant, b.Name)
	}
	plies, err := s.OpeningPlies()
	if err != nil {
		return nil, err
	}
	list := b.Openings(plies)
	if s.Start != "" {
		p, err := b.Start(s.Start)
		if err != nil {
			return nil, fmt.Errorf("-start %s: %v", cliutil.Quote(s.Start), err)
		}
		list = []P{p}
	}
	openings, err := ChooseOpenings(list, s.Openings, s.Seed)
	if err != nil {
		return nil, err
	}
	players, err := Players(s.Specs, func(text string) (match.Player[P, M], error) {
		sp, err := ParsePlayerSpec(text)
		if err != nil {
			return nil, err
		}
		if b.Player == nil {
			return b.Kinds.Player(b.Name, sp, s)
		}
		return b.Player(sp, s)
	})
	if err != nil {
		return nil, err
	}
	defer ClosePlayers(players[:])
	return PlayMatch(s, b.Rules, players, openings, b.Colors, b.Label)
}

// ProgramSpec reads the settings of an exec player (timeout=DUR, default
// [match.DefaultTimeout]) and returns its program, resolved by
// [ResolveProgram], with its arguments.
func ProgramSpec(sp *PlayerSpec) (argv []string, timeout time.Duration, err error) {
	if timeout, err = sp.Duration("timeout", match.DefaultTimeout); err != nil {
		return nil, 0, err
	}
	prog, err := ResolveProgram(sp.Command[0])
	if err != nil {
		return nil, 0, fmt.Errorf("player %q: %v", sp.Text, err)
	}
	return append([]string{prog}, sp.Command[1:]...), timeout, nil
}
