package gamedef

import (
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/internal/pack"
)

// CongoRoundRobin is the main package, shipped with the programs, that
// plays the Part 6 round robin ("all of your code, including ... code used
// to generate the results", Part 6 section 7).
const CongoRoundRobin = "cmd/congo-roundrobin"

// Example is a run of a shipped program on a handout sample.
type Example struct {
	// Name is the example's directory under examples/.
	Name string
	// Program is the program's name (cmd/<Program>).
	Program string
	// Args are its flags.
	Args []string
	// Input is its standard input (Congo) or input.txt (Star/Circle).
	Input string
	// Handout is the title, up to its first parenthesis, of the sample set in
	// conformance/congo/handout_samples.txt whose output the run must match
	// (used by the tests).
	Handout string
}

// cases joins FEN lines into a batch input: the count, then the lines.
func cases(lines ...string) string {
	n := len(lines)
	if n > 1 && len(lines[1]) == 4 {
		n /= 2 // FEN + move pairs
	}
	return strconv.Itoa(n) + "\n" + strings.Join(lines, "\n") + "\n"
}

// The handout samples' positions.
const (
	fen21a = "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"
	fen21b = "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 12"
	fen21c = "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 w 12"
	fen21d = "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35"
	fen22a = "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4"
	fen22b = "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12"
	fen22c = "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35"
)

// CongoExamples are the handout samples every Congo archive runs, one per
// sample set of the 2021 and 2022 handouts (Parts 1 to 5).
var CongoExamples = []Example{
	{"part1-setup", "congo-setup", nil, cases("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0", "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79"), "2021/2022 Part 1"},
	{"part2-2021-lion", "congo-moves", []string{"-piece", "lion"}, cases(fen21a, "1e1El2/P1P2P1/1P5/7/1E3P1/1P5/4L2 b 79"), "2021 Part 2 Submission 1"},
	{"part2-2021-zebra", "congo-moves", []string{"-piece", "zebra"}, cases("6E/3pl1p/ezZ4/E6/2L4/3p3/7 w 45", "7/7/2lP1p1/7/2ppeE1/1z4P/4L2 b 32"), "2021 Part 2 Submission 2"},
	{"part2-2021-elephant", "congo-moves", []string{"-piece", "elephant"}, cases("4E2/1pl3p/1p2pEP/4P1p/1PPL1ZP/p2pPPz/7 w 40", fen21d), "2021 Part 2 Submission 3"},
	{"part2-2021-pawn", "congo-moves", []string{"-rules", "2021", "-piece", "pawn"}, cases("3l3/7/6P/7/1Z1P1p1/3L3/7 w 23", "3l3/p6/7/7/1Z1P1p1/3L3/1p5 b 42"), "2021 Part 2 Submission 4"},
	{"part2-2022-lion", "congo-moves", []string{"-piece", "lion"}, cases("g2l2z/ppppppp/7/7/7/PPP1PPP/2GLZ2 w 4", "1g1Gl2/P1P2P1/1P5/7/1Z3P1/1P5/4L2 b 79"), "2022 Part 2 Submission 1"},
	{"part2-2022-zebra", "congo-moves", []string{"-piece", "zebra"}, cases("7/3pl1p/gzZ4/G6/2L4/3p3/7 w 45", "7/7/2lP1p1/7/2ppgG1/1z4P/4L2 b 32"), "2022 Part 2 Submission 2"},
	{"part2-2022-giraffe", "congo-moves", []string{"-piece", "giraffe"}, cases("2l4/1s4P/PP2p2/6p/1P2LPP/1PG1pp1/Z2z3 w 23", "5E1/Z5S/P3lP1/1p2P2/2g1pP1/P2P3/z1L4 b 35"), "2022 Part 2 Submission 3"},
	{"part2-2022-pawn", "congo-moves", []string{"-piece", "pawn"}, cases("3l3/7/6P/7/1Z1P1p1/3L3/7 w 23", "3l3/p6/7/7/1Z1P1p1/1p1L3/7 b 42"), "2022 Part 2 Submission 4"},
	{"part2-2022-superpawn", "congo-moves", []string{"-piece", "superpawn"}, cases("3l3/7/6S/7/1Z1S1p1/3L3/7 w 23", "s2l3/7/7/7/1Z1P3/Ps1L3/7 b 42"), "2022 Part 2 Submission 5"},
	{"part3-2021-move", "congo-move", []string{"-rules", "2021"}, cases(fen21a, "d1d2", fen21d, "f5f7", fen21b, "g4e4"), "2021 Part 3"},
	{"part3-2022-move", "congo-move", nil, cases("g2l2z/ppppppp/7/7/7/PPP1PPP/2GLZ2 w 4", "d1d2", "1z5/pPp1lP1/5gp/4P1p/4L1p/2p2pP/7 b 35", "f5f7", "1z5/pPp1lP1/6p/4P1g/4L1p/2p2pP/7 b 12", "g4e4"), "2022 Part 3"},
	{"part4-2021-eval", "congo-eval", nil, cases(fen21a, fen21b, fen21c), "2021 Part 4 Submission 1"},
	{"part4-2021-minimax", "congo-minimax", []string{"-rules", "2021"}, cases(fen21a, fen21d, fen21c), "2021 Part 4 Submission 2"},
	{"part5-2021-adveval", "congo-adveval", nil, cases(fen21a, fen21b, fen21c), "2021 Part 5 Submission 1"},
	{"part5-2021-alphabeta", "congo-alphabeta", nil, cases(fen21a, fen21d, fen21c), "2021 Part 5 Submission 2"},
	{"part4-2022-eval", "congo-eval", nil, cases(fen22a, fen22b, fen22c), "2022 Part 4 Submission 1"},
	{"part4-2022-minimax", "congo-minimax", nil, cases(fen22a, fen22b, fen22c), "2022 Part 4 Submission 2"},
	{"part5-2022-adveval", "congo-adveval", nil, cases(fen22a, fen22b, fen22c), "2022 Part 5 Submission 1"},
	{"part5-2022-alphabeta", "congo-alphabeta", []string{"-rules", "2022"}, cases(fen22a, fen22b, fen22c), "2022 Part 5 Submission 2"},
}

// CongoPrograms returns the Congo programs of the repository: every
// cmd/congo-* directory but the round robin ([CongoRoundRobin], which the
// archive ships apart), sorted: the seven Part 1-5 programs, the tournament
// agent congo-agent, its match congo-strength, the course's depth-4
// alpha-beta behind the tournament protocol congo-baseline and the
// tournament runner's checker congo-checker.
func CongoPrograms(repo string) ([]string, error) {
	dirs, err := filepath.Glob(filepath.Join(repo, "cmd", "congo-*"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "main.go")); err == nil && "cmd/"+filepath.Base(d) != CongoRoundRobin {
			names = append(names, filepath.Base(d))
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, fmt.Errorf("no cmd/congo-* programs in %s", repo)
	}
	return names, nil
}

// commandLine returns the shell form of a run of program.
func commandLine(program string, args []string, stdin string) string {
	parts := append([]string{program}, args...)
	if stdin != "" {
		parts = append(parts, "<", stdin)
	}
	return strings.Join(parts, " ")
}

// congoExample is one line of the list of examples in README.txt.
type congoExample struct {
	// Name is the example's directory under examples/, Command its
	// command line.
	Name, Command string
}

// congoReadme fills docs/congo/README.txt.tmpl.
type congoReadme struct {
	NetID, GoVersion string
	// Programs are the Congo programs shipped; RoundRobin the command that
	// plays the round robin.
	Programs   []string
	Examples   []congoExample
	RoundRobin string
}

// congoReport fills docs/congo/REPORT.md.tmpl.
type congoReport struct {
	NetID string
	// Tables is the output of the round robin; RoundRobin its command.
	Tables, RoundRobin string
}

// writeCongo writes the Congo archive writeCongo/NETID.zip: NETID/README.txt,
// NETID/REPORT.md (the Part 6 report with the round-robin tables),
// NETID/src/ (the Congo programs, the round robin and what they import),
// NETID/examples/<name>/ (handout samples run by the shipped programs) and
// NETID/games/ (the record of every round-robin game).
func writeCongo(cfg *pack.Config) ([]string, error) {
	netid := cfg.NetID
	maxMoves := cfg.MaxMoves
	if maxMoves == 0 {
		maxMoves = 100
	}
	programs, err := CongoPrograms(cfg.Repo)
	if err != nil {
		return nil, err
	}
	st, err := pack.NewStage(cfg)
	if err != nil {
		return nil, err
	}
	defer st.Done()
	a := pack.NewArchive()
	patterns := []string{"./" + CongoRoundRobin}
	for _, p := range programs {
		patterns = append(patterns, "./cmd/"+p)
	}
	src, err := st.Ship(a, netid, patterns)
	if err != nil {
		return nil, err
	}
	exes, err := st.BuildAll("bin", nil)
	if err != nil {
		return nil, err
	}
	rr, ok := exes[path.Base(CongoRoundRobin)]
	if !ok {
		return nil, fmt.Errorf("%s was not built", CongoRoundRobin)
	}

	// Examples: the handout samples, run by the shipped programs.
	var examples []congoExample
	for _, ex := range CongoExamples {
		exe, ok := exes[ex.Program]
		if !ok {
			return nil, fmt.Errorf("example %s: program %s is not shipped", ex.Name, ex.Program)
		}
		r, err := pack.RunProgram(st.Dir, exe, ex.Args, []byte(ex.Input))
		if err != nil {
			return nil, fmt.Errorf("example %s: %w", ex.Name, err)
		}
		if r.Code != 0 || len(r.Stderr) > 0 {
			return nil, fmt.Errorf("example %s: %s exited with status %d: %s", ex.Name, ex.Program, r.Code, strings.TrimSpace(string(r.Stderr)))
		}
		dir := path.Join(netid, "examples", ex.Name)
		cmdline := commandLine(ex.Program, ex.Args, "input.txt")
		for _, f := range []struct {
			name string
			data []byte
		}{{"command.txt", []byte(cmdline + "\n")}, {"input.txt", []byte(ex.Input)}, {"output.txt", r.Stdout}} {
			if err := a.Add(path.Join(dir, f.name), f.data, false); err != nil {
				return nil, err
			}
		}
		examples = append(examples, congoExample{ex.Name, cmdline})
	}
	cfg.Logf("ran %d handout samples", len(CongoExamples))

	// The Part 6 round robin, played by the shipped congo-roundrobin in the
	// directory above bin/, which holds the shipped programs, as src/ does
	// after the README's build command: a Program player names one as, for
	// example, bin/congo-agent.
	cfg.Logf("playing the Part 6 round robin (draw after %d moves each)", maxMoves)
	tables := filepath.Join(st.Dir, "roundrobin.md")
	games := filepath.Join(st.Dir, "games")
	r, err := pack.RunProgram(st.Dir, rr, []string{"-max-moves", strconv.Itoa(maxMoves), "-o", tables, "-games", games}, nil)
	if err != nil {
		return nil, err
	}
	if r.Code != 0 {
		return nil, fmt.Errorf("congo-roundrobin exited with status %d: %s", r.Code, strings.TrimSpace(string(r.Stderr)))
	}
	tableData, err := os.ReadFile(tables)
	if err != nil {
		return nil, err
	}
	if err := a.AddTree(path.Join(netid, "games"), games); err != nil {
		return nil, err
	}
	rrCommand := "bin/congo-roundrobin"
	if maxMoves != 100 {
		rrCommand += " -max-moves " + strconv.Itoa(maxMoves)
	}
	report, err := pack.Render(cfg.Repo, "congo/REPORT.md.tmpl", congoReport{
		NetID:      netid,
		Tables:     strings.TrimRight(string(tableData), "\n"),
		RoundRobin: rrCommand,
	})
	if err != nil {
		return nil, err
	}
	readme, err := pack.Render(cfg.Repo, "congo/README.txt.tmpl", congoReadme{
		NetID:      netid,
		GoVersion:  src.Module.GoVersion,
		Programs:   programs,
		Examples:   examples,
		RoundRobin: rrCommand,
	})
	if err != nil {
		return nil, err
	}
	return cfg.WriteNetID(a, "congo", netid, pack.NetIDFile{Name: "REPORT.md", Data: report}, pack.NetIDFile{Name: "README.txt", Data: readme})
}

// packRecipe is the recipe of the Congo archive, the Pack of [Game].
var packRecipe = &pack.Recipe{
	Course:    "congo",
	NeedNetID: true,
	Usage: `  congo NETID       congo/NETID.zip: sources, README.txt, the handout
                    examples, REPORT.md with the Part 6 round robin
`,
	FlagUsage: `  -max-moves N       congo: draw after N moves by each side (default 100)
`,
	Time: "about 5 s",
	Flags: func(fs *flag.FlagSet, cfg *pack.Config) func() error {
		fs.IntVar(&cfg.MaxMoves, "max-moves", 0, "")
		return func() error {
			if cfg.MaxMoves < 0 || cfg.MaxMoves > 10000 {
				return pack.Usagef("-max-moves %d: want 1 to 10000", cfg.MaxMoves)
			}
			return nil
		}
	},
	Write: writeCongo,
}
