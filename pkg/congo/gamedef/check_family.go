package gamedef

import (
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/cli"
)

// congoRef is a Congo batch program's reference: its Run and its
// default edition.
type congoRef struct {
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	edition congo.Edition
}

// ref returns the reference of a Congo batch program.
func ref(p *check.Program) congoRef { return p.Ref.(congoRef) }

// congoSettings are a Congo check's settings: the edition and the kind
// congo-moves lists ("" for all).
type congoSettings struct {
	edition congo.Edition
	piece   string
}

func edition(o *check.Options) congo.Edition { return o.Game.(congoSettings).edition }

func piece(o *check.Options) string { return o.Game.(congoSettings).piece }

// congoProgram is a Part program: exact, one run per batch.
func congoProgram(name string, run func([]string, io.Reader, io.Writer, io.Writer) int, ed congo.Edition, perCase time.Duration, about string) *check.Program {
	return &check.Program{Name: name, Exact: true, Ref: congoRef{run, ed}, PerCase: perCase, Batch: true, About: about}
}

var (
	rulesFlag = check.Flag{Name: "rules", Meta: "2021|2022", Usage: "Congo edition, `2021|2022` (default: the program's own default)"}
	pieceFlag = check.Flag{Name: "piece", Meta: "KIND", Scope: "congo-moves",
		Usage: "congo-moves: the `kind` the program lists (lion, zebra, elephant, giraffe, pawn, superpawn, crocodile, monkey)"}
)

// congoCheck is the Part programs' family: N and the cases on stdin, the
// outputs compared with the reference programs'.
var congoCheck = &check.Family{
	Title: "Congo",
	Programs: []*check.Program{
		congoProgram("congo-setup", cli.Setup.Run, congo.Edition2022, time.Second, "Congo Part 1: piece listing"),
		congoProgram("congo-moves", cli.Moves.Run, congo.Edition2022, time.Second, "Congo Part 2: sorted moves (-piece KIND: one kind)"),
		congoProgram("congo-move", cli.Move.Run, congo.Edition2022, time.Second, "Congo Part 3: FEN and move in, new FEN and status out"),
		congoProgram("congo-eval", cli.Eval.Run, congo.Edition2022, time.Second, "Congo Part 4.1: evaluation"),
		congoProgram("congo-minimax", cli.Minimax.Run, congo.Edition2022, 2*time.Second, "Congo Part 4.2: minimax depth 2"),
		congoProgram("congo-adveval", cli.AdvEval.Run, congo.Edition2021, time.Second, "Congo Part 5.1: advanced evaluation"),
		congoProgram("congo-alphabeta", cli.AlphaBeta.Run, congo.Edition2021, 5*time.Second, "Congo Part 5.2: alpha-beta depth 4"),
	},
	Flags: func(bool) []check.Flag { return []check.Flag{rulesFlag, pieceFlag} },
	Apply: func(o *check.Options, set map[string]bool) error {
		return applyCongo(o, set, ref(o.Prog).edition)
	},
	Public: congoPublic,
	Random: func(o *check.Options, n int, seed uint64) ([]check.Unit, error) {
		u, err := congoRandom(o, n, seed)
		if err != nil {
			return nil, err
		}
		return []check.Unit{u}, nil
	},
	ReadSet: func(o *check.Options) ([]check.Unit, error) {
		u, err := congoReadSet(o)
		if err != nil {
			return nil, err
		}
		return []check.Unit{u}, nil
	},
	SetFiles: congoSetFiles,
	Settings: congoSettingFlags,
	SetFlags: func(o *check.Options) string {
		s := "-rules " + edition(o).String() + " -cases DIR"
		if p := piece(o); p != "" {
			s += " -piece " + p
		}
		return s
	},
	Explore: congoExplore,
}

// agentCheck is congo-agent's family: the tournament's text protocol,
// checked for validity.
var agentCheck = &check.Family{
	Title: "Congo",
	Programs: []*check.Program{{Name: "congo-agent", PerCase: 10 * time.Second, WallClock: true,
		About: "the Congo tournament agent's text protocol (validity; -timeout is the go time)"}},
	Flags: func(bool) []check.Flag { return []check.Flag{rulesFlag, pieceFlag} },
	Apply: func(o *check.Options, set map[string]bool) error {
		return applyCongo(o, set, congo.Edition2022)
	},
	Public:   func(o *check.Options) ([]check.Unit, error) { return agentPublic(o), nil },
	Random:   func(o *check.Options, n int, seed uint64) ([]check.Unit, error) { return agentRandom(o, n, seed), nil },
	Settings: func(o *check.Options) []string { return []string{"-rules " + edition(o).String()} },
	Limits: func(o *check.Options) string {
		return fmt.Sprintf("each reply within the go time, %s (the first one second more)", check.Secs(o.Timeout))
	},
}

// applyCongo reads -rules (default ed) and -piece, which congo-moves alone
// takes.
func applyCongo(o *check.Options, set map[string]bool, ed congo.Edition) error {
	s := congoSettings{edition: ed}
	if set["rules"] {
		r, ok := congo.ParseEdition(o.Settings["rules"])
		if !ok {
			return fmt.Errorf("-rules %q: want 2021 or 2022", o.Settings["rules"])
		}
		s.edition = r
	}
	if set["piece"] {
		p := o.Settings["piece"]
		if o.Prog.Name != "congo-moves" {
			return fmt.Errorf("-piece applies to congo-moves only")
		}
		if _, ok := congo.KindByName(p); !ok {
			return fmt.Errorf("-piece %q: unknown kind (want lion, zebra, elephant, giraffe, pawn, superpawn, crocodile, monkey)", p)
		}
		s.piece = p
	}
	o.Game = s
	return nil
}

// congoSettingFlags are the edition and the piece for the report.
func congoSettingFlags(o *check.Options) []string {
	parts := []string{"-rules " + edition(o).String()}
	if p := piece(o); p != "" {
		parts = append(parts, "-piece "+p)
	}
	return parts
}

// congoSetFiles is a gen set: the batch's input and expected output.
func congoSetFiles(o *check.Options, units []check.Unit) []check.File {
	u := units[0].(*congoUnit)
	in, out := congoSetNames(o)
	var want strings.Builder
	for k := range u.cases {
		for _, l := range u.wantLines(k) {
			want.WriteString(l + "\n")
		}
	}
	return []check.File{{Name: in, Data: congoInput(u.cases)}, {Name: out, Data: []byte(want.String())}}
}

// congoExplore opens a failing congo-minimax or congo-alphabeta case: the
// FEN of its first input line, with the report's edition.
func congoExplore(p *check.Program, settings, input string) url.Values {
	if p.Name != "congo-minimax" && p.Name != "congo-alphabeta" {
		return nil
	}
	first, _, _ := strings.Cut(input, "\n")
	_, fen, ok := strings.Cut(first, " on stdin: ")
	if !ok {
		return nil
	}
	q := url.Values{}
	q.Set("input", fen)
	if r := check.SettingValue(settings, "rules"); r != "" {
		q.Set("rules", r)
	}
	return q
}
