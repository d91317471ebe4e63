package gamedef

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// morrisProg returns the Morris program a check program stands for.
func morrisProg(p *check.Program) morris.Program { return p.Ref.(morris.Program) }

// board returns the board kind of a check (-board).
func board(o *check.Options) morris.Kind { return o.Game.(morris.Kind) }

// exactProgram is a Morris program whose output is compared with the
// reference's; improvedProgram one checked for validity under the
// tournament's wall-clock limit.
func exactProgram(p morris.Program, about string) *check.Program {
	return &check.Program{Name: p.Name, Exact: true, Ref: p, PerCase: 10 * time.Second, PerWork: 100 * time.Microsecond,
		WorkUnit: "static evaluation", About: about}
}

func improvedProgram(p morris.Program, about string) *check.Program {
	return &check.Program{Name: p.Name, Ref: p, PerCase: 20 * time.Second, WallClock: true, About: about}
}

// morrisCheck is the Morris programs' family: COMMAND board1.txt
// board2.txt DEPTH, the output board and the two lines compared with the
// reference (the improved programs: a legal move).
var morrisCheck = &check.Family{
	Title: "Morris",
	Programs: []*check.Program{
		exactProgram(morris.MiniMaxOpening, "Morris Part I"),
		exactProgram(morris.MiniMaxGame, "Morris Part I"),
		exactProgram(morris.ABOpening, "Morris Part II"),
		exactProgram(morris.ABGame, "Morris Part II"),
		exactProgram(morris.MiniMaxOpeningBlack, "Morris Part III"),
		exactProgram(morris.MiniMaxGameBlack, "Morris Part III"),
		improvedProgram(morris.MiniMaxOpeningImproved, "Morris Part IV (validity; 20 s per move, the tournament's limit)"),
		improvedProgram(morris.MiniMaxGameImproved, "Morris Part IV (validity; 20 s per move)"),
	},
	Flags: func(gen bool) []check.Flag {
		help := "Morris `board` of the random cases and of the public cases taken, "
		if gen {
			help = "Morris `board` of the cases, "
		}
		return []check.Flag{{Name: "board", Default: "S22", Meta: "KIND", Usage: help + morris.KindChoices()}}
	},
	Apply: func(o *check.Options, _ map[string]bool) error {
		k, ok := morris.ParseKind(o.Settings["board"])
		if !ok {
			return fmt.Errorf("-board %q: want %s", o.Settings["board"], morris.KindList())
		}
		o.Game = k
		return nil
	},
	Public: func(o *check.Options) ([]check.Unit, error) {
		return check.UnitsOf(readMorrisTSV(o.Corpus, "morris/cases.tsv", morrisProg(o.Prog), board(o), false))
	},
	Extra:  "morris/extra.txt",
	Chosen: "morris/default.txt",
	Random: func(o *check.Options, n int, seed uint64) ([]check.Unit, error) {
		return check.UnitsOf(morrisRandom(morrisProg(o.Prog), board(o), n, seed), nil)
	},
	ReadSet: func(o *check.Options) ([]check.Unit, error) {
		return check.UnitsOf(readMorrisTSV(check.DirFiles(o.Cases), "cases.tsv", morrisProg(o.Prog), board(o), true))
	},
	SetFiles: func(_ *check.Options, units []check.Unit) []check.File {
		cs := make([]morrisCase, len(units))
		for i, u := range units {
			cs[i] = *u.(*morrisCase)
		}
		return []check.File{{Name: "cases.tsv", Data: writeMorrisTSV(cs)}}
	},
	Settings: func(o *check.Options) []string { return []string{"-board " + board(o).String()} },
	Explore:  morrisExplore,
}

// Key names the case as morris/extra.txt does: "cases.tsv:LINE".
func (mc *morrisCase) Key() string { return fmt.Sprintf("cases.tsv:%d", mc.line) }

// morrisDescribed reads back a Morris case as describe shows it.
var morrisDescribed = regexp.MustCompile(`\(board (\w+)\) holds ("(?:[^"\\]|\\.)*")\nCOMMAND \S+ \S+ (\d+)`)

// morrisExplore opens a failing case of an exact Morris program: its
// board, board kind and depth.
func morrisExplore(p *check.Program, _, input string) url.Values {
	if !p.Exact {
		return nil
	}
	m := morrisDescribed.FindStringSubmatch(input)
	if m == nil {
		return nil
	}
	b, err := strconv.Unquote(m[2])
	if err != nil {
		return nil
	}
	q := url.Values{}
	q.Set("input", strings.TrimSpace(b))
	q.Set("board", m[1])
	q.Set("depth", m[3])
	return q
}

// Cost implements check.Profiled: the static evaluations of the
// reference's answer.
func (mc *morrisCase) Cost() uint64 { return mc.want.Evaluated }

// Classes implements check.Profiled: the case's depth, the rule features
// its search meets (a mill closed, a side without a move), and each model
// mistake whose answer differs from the expected one on it.
func (mc *morrisCase) Classes() []string {
	out := []string{fmt.Sprintf("depth %d", mc.depth)}
	f := mc.features()
	for _, c := range []check.Cause{check.CauseMill, check.CauseBlocked} {
		if f.Has(c) {
			out = append(out, fmt.Sprintf("feature %d", c))
		}
	}
	want := morrisAnswer{mc.want.Board.Format(morris.BoardOf(mc.kind).N), mc.want.Evaluated, mc.want.Estimate}
	for _, v := range check.Variants {
		if v.Keyed || v.AbOnly && !mc.prog.AlphaBeta || v.M.MinRoot && !mc.prog.Black {
			continue
		}
		if m, ok := mc.model(v.M); ok && m.morrisAnswer != want {
			out = append(out, fmt.Sprintf("mistake %d %+v", v.C, v.M))
		}
	}
	return out
}
