package gamedef

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/internal/pack"
)

// MorrisPrograms are the eight programs of the Morris-Variant project, in
// the order of the handout.
var MorrisPrograms = []string{
	"MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame",
	"MiniMaxOpeningBlack", "MiniMaxGameBlack", "MiniMaxOpeningImproved", "MiniMaxGameImproved",
}

// MorrisCases is the conformance table, relative to the repository root,
// whose inputs at depths 2 to 4 are the candidate boards of the Morris
// report.
const MorrisCases = "testdata/conformance/morris/cases.tsv"

// morrisRun is one run of a Morris program: the command line, the input,
// what it printed and the output file.
type morrisRun struct {
	Program, Kind, Input string
	Depth                int
	Board                string
	Evaluated            uint64
	Estimate             int64
	Stdout, File         string
}

// Command is the command line of the run, in its own folder.
func (r morrisRun) Command() string {
	s := r.Program
	if r.Kind != "" {
		s += " -board " + r.Kind
	}
	return fmt.Sprintf("%s in.txt out.txt %d", s, r.Depth)
}

// morrisSaving is a position where ALPHA-BETA evaluates fewer positions
// than MINIMAX.
type morrisSaving struct {
	MiniMax, AlphaBeta morrisRun
	// Saving is the share of the MINIMAX evaluations saved, in per cent.
	Saving float64
}

// morrisDifference is a position where the improved estimator chooses
// another board than the standard one.
type morrisDifference struct {
	Standard, Improved morrisRun
}

// morrisSelfPlay is one morris-selfplay run of the report.
type morrisSelfPlay struct {
	// Args are its arguments; Output what it printed.
	Args, Output string
}

// selfPlayFigures are the figures of one morris-selfplay summary line.
type selfPlayFigures struct {
	// Games is the number of games; Score, White and Black the improved
	// side's share of the points in per cent (overall, as White, as Black);
	// CI the half width of the 95 % confidence interval of Score.
	Games, Score, CI, White, Black string
}

// selfPlayMode are the summaries of one self-play mode at depths 2 and 3.
type selfPlayMode struct {
	D2, D3 selfPlayFigures
}

// morrisReport fills docs/morris/REPORT.md.tmpl.
type morrisReport struct {
	Examples    []morrisRun
	Savings     []morrisSaving
	Differences []morrisDifference
	SelfPlay    []morrisSelfPlay
	// Both and Game are the self-play figures of the modes both (improved
	// opening and midgame estimators) and game (improved midgame only).
	Both, Game selfPlayMode
}

// morrisReadme fills docs/morris/README.txt.tmpl.
type morrisReadme struct {
	GoVersion string
	// Bin says whether bin/ holds the executables.
	Bin bool
}

// morrisShipped are the main packages whose sources go into src/: the
// eight programs and morris-selfplay, which produces the evidence of the
// report.
func morrisShipped() []string {
	var pkgs []string
	for _, p := range append(append([]string{}, MorrisPrograms...), "morris-selfplay") {
		pkgs = append(pkgs, "./cmd/"+p)
	}
	return pkgs
}

// writeMorris writes the Morris-Variant archive writeMorris/NETID.zip:
// NETID/README.txt, NETID/REPORT.md (example outputs, ALPHA-BETA savings,
// positions where the improved estimators move differently, the self-play
// evidence and the argument, all from runs of the shipped programs),
// NETID/src/ (the eight programs, writeMorris-selfplay and what they import),
// NETID/bin/ (the eight programs for linux/amd64, unless NoBin) and
// NETID/examples/<Program>/caseN.txt (the full runs).
func writeMorris(cfg *pack.Config) ([]string, error) {
	netid := cfg.NetID
	st, err := pack.NewStage(cfg)
	if err != nil {
		return nil, err
	}
	defer st.Done()
	a := pack.NewArchive()
	src, err := st.Ship(a, netid, morrisShipped())
	if err != nil {
		return nil, err
	}
	// The programs that run the report are built for this machine; bin/
	// ships them for linux/amd64: the same build when this machine is one.
	exes, err := st.BuildAll("bin", []string{"GOOS=" + runtime.GOOS, "GOARCH=" + runtime.GOARCH})
	if err != nil {
		return nil, err
	}
	if !cfg.NoBin {
		linux := exes
		if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
			if linux, err = st.BuildAll("bin-linux-amd64", []string{"GOOS=linux", "GOARCH=amd64"}); err != nil {
				return nil, err
			}
		}
		for _, p := range MorrisPrograms {
			if err := a.AddFile(netid+"/bin/"+p, linux[p]); err != nil {
				return nil, err
			}
		}
	}
	cands, err := morrisCandidates(filepath.Join(cfg.Repo, filepath.FromSlash(MorrisCases)))
	if err != nil {
		return nil, err
	}
	m := &morrisRunner{dir: filepath.Join(st.Dir, "runs"), exes: exes}
	var rep morrisReport
	steps := []struct {
		name string
		f    func() error
	}{
		{"examples", func() error { return m.examples(a, netid, cands, &rep) }},
		{"ALPHA-BETA savings", func() error { return m.savings(cands, &rep) }},
		{"different moves", func() error { return m.differences(cands, &rep) }},
		{"self-play", func() error { return m.selfPlay(&rep) }},
	}
	for _, s := range steps {
		cfg.Logf("report: %s", s.name)
		if err := s.f(); err != nil {
			return nil, fmt.Errorf("%s: %w", s.name, err)
		}
	}
	report, err := pack.Render(cfg.Repo, "morris/REPORT.md.tmpl", rep)
	if err != nil {
		return nil, err
	}
	readme, err := pack.Render(cfg.Repo, "morris/README.txt.tmpl", morrisReadme{src.Module.GoVersion, !cfg.NoBin})
	if err != nil {
		return nil, err
	}
	return cfg.WriteNetID(a, "morris", netid, pack.NetIDFile{Name: "REPORT.md", Data: report}, pack.NetIDFile{Name: "README.txt", Data: readme})
}

// morrisCandidate is a conformance input: board kind, input and depth.
type morrisCandidate struct {
	kind, input string
	depth       int
	opening     bool
}

// morrisCandidates reads the distinct (kind, input, depth) of the
// conformance table at depths 2 to 4, in file order.
func morrisCandidates(file string) ([]morrisCandidate, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	seen := map[morrisCandidate]bool{}
	var out []morrisCandidate
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 0; sc.Scan(); n++ {
		f := strings.Split(sc.Text(), "\t")
		if n == 0 || len(f) < 4 {
			continue
		}
		d, err := strconv.Atoi(f[2])
		if err != nil || d < 2 || d > 4 {
			continue
		}
		c := morrisCandidate{kind: f[1], input: f[3], depth: d, opening: strings.Contains(f[0], "Opening")}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no candidate rows", file)
	}
	return out, nil
}

// morrisRunner runs the Morris programs built from the shipped sources,
// each in a folder of its own.
type morrisRunner struct {
	dir  string
	exes map[string]string
	runs int
}

// morrisOutput matches the three lines a Morris program prints.
var morrisOutput = regexp.MustCompile(`^Board Position: ([WBx]+)\nPositions evaluated by static estimation: (\d+)\.\nMINIMAX estimate: (-?\d+)\.\n$`)

// run runs prog on input (board kind "" for the default) at depth and
// parses its three lines.
func (m *morrisRunner) run(prog, kind, input string, depth int) (morrisRun, error) {
	m.runs++
	dir := filepath.Join(m.dir, strconv.Itoa(m.runs))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return morrisRun{}, err
	}
	if err := os.WriteFile(filepath.Join(dir, "in.txt"), []byte(input+"\n"), 0o644); err != nil {
		return morrisRun{}, err
	}
	r := morrisRun{Program: prog, Kind: kind, Input: input, Depth: depth}
	var args []string
	if kind != "" {
		args = append(args, "-board", kind)
	}
	args = append(args, "in.txt", "out.txt", strconv.Itoa(depth))
	res, err := pack.RunProgram(dir, m.exes[prog], args, nil)
	if err != nil {
		return r, err
	}
	if res.Code != 0 {
		return r, fmt.Errorf("%s: exit status %d: %s", r.Command(), res.Code, strings.TrimSpace(string(res.Stderr)))
	}
	g := morrisOutput.FindStringSubmatch(string(res.Stdout))
	if g == nil {
		return r, fmt.Errorf("%s: unexpected output %q", r.Command(), res.Stdout)
	}
	file, err := os.ReadFile(filepath.Join(dir, "out.txt"))
	if err != nil {
		return r, err
	}
	r.Board, r.Stdout, r.File = g[1], string(res.Stdout), string(file)
	r.Evaluated, _ = strconv.ParseUint(g[2], 10, 64)
	r.Estimate, _ = strconv.ParseInt(g[3], 10, 64)
	if r.File != r.Board+"\n" {
		return r, fmt.Errorf("%s: output file %q does not match %q", r.Command(), r.File, r.Board)
	}
	return r, nil
}

// examples runs every program on three S22 positions of its phase, at
// depths 2, 3 and 4, and keeps each full run as examples/<Program>/caseN.txt.
func (m *morrisRunner) examples(a *pack.Archive, netid string, cands []morrisCandidate, rep *morrisReport) error {
	for _, prog := range MorrisPrograms {
		opening := strings.Contains(prog, "Opening")
		k := 0
		used := map[string]bool{}
		for _, c := range cands {
			if k >= 3 {
				break
			}
			if c.kind != "S22" || c.opening != opening || used[c.input] {
				continue
			}
			used[c.input] = true
			r, err := m.run(prog, "", c.input, 2+k)
			if err != nil {
				return err
			}
			k++
			name := fmt.Sprintf("%s/examples/%s/case%d.txt", netid, prog, k)
			text := fmt.Sprintf("$ %s\nin.txt: %s\n--- stdout\n%s--- out.txt\n%s", r.Command(), r.Input, r.Stdout, r.File)
			if err := a.Add(name, []byte(text), false); err != nil {
				return err
			}
			rep.Examples = append(rep.Examples, r)
		}
		if k < 3 {
			return fmt.Errorf("%s: only %d example positions", prog, k)
		}
	}
	return nil
}

// savings finds, for the opening and the game pair, up to three S22
// positions where ALPHA-BETA evaluates fewer positions than MINIMAX (at
// least two are required); the two programs must agree on board and
// estimate.
func (m *morrisRunner) savings(cands []morrisCandidate, rep *morrisReport) error {
	for _, pair := range [][2]string{{"MiniMaxOpening", "ABOpening"}, {"MiniMaxGame", "ABGame"}} {
		found := 0
		for _, c := range cands {
			if c.kind != "S22" || c.opening != (pair[0] == "MiniMaxOpening") || found >= 3 {
				continue
			}
			mm, err := m.run(pair[0], "", c.input, c.depth)
			if err != nil {
				return err
			}
			ab, err := m.run(pair[1], "", c.input, c.depth)
			if err != nil {
				return err
			}
			if mm.Board != ab.Board || mm.Estimate != ab.Estimate {
				return fmt.Errorf("%s and %s disagree on %s depth %d: %s %d vs %s %d", pair[0], pair[1], c.input, c.depth, mm.Board, mm.Estimate, ab.Board, ab.Estimate)
			}
			if ab.Evaluated >= mm.Evaluated {
				continue
			}
			found++
			rep.Savings = append(rep.Savings, morrisSaving{mm, ab, 100 * float64(mm.Evaluated-ab.Evaluated) / float64(mm.Evaluated)})
		}
		if found < 2 {
			return fmt.Errorf("%s vs %s: only %d cases where ALPHA-BETA evaluates fewer positions", pair[0], pair[1], found)
		}
	}
	return nil
}

// differences finds, for the opening and the game programs, up to three
// candidate positions where the improved estimator chooses another board
// (at least two are required); both must evaluate the same number of
// positions.
func (m *morrisRunner) differences(cands []morrisCandidate, rep *morrisReport) error {
	for _, pair := range [][2]string{{"MiniMaxOpening", "MiniMaxOpeningImproved"}, {"MiniMaxGame", "MiniMaxGameImproved"}} {
		found := 0
		for _, c := range cands {
			if c.opening != (pair[0] == "MiniMaxOpening") || found >= 3 {
				continue
			}
			st, err := m.run(pair[0], c.kind, c.input, c.depth)
			if err != nil {
				return err
			}
			im, err := m.run(pair[1], c.kind, c.input, c.depth)
			if err != nil {
				return err
			}
			if st.Evaluated != im.Evaluated {
				return fmt.Errorf("%s and %s count differently on %s depth %d", pair[0], pair[1], c.input, c.depth)
			}
			if st.Board == im.Board {
				continue
			}
			found++
			rep.Differences = append(rep.Differences, morrisDifference{st, im})
		}
		if found < 2 {
			return fmt.Errorf("%s vs %s: only %d positions with a different move", pair[0], pair[1], found)
		}
	}
	return nil
}

// selfPlay runs morris-selfplay on S22 at depths 2 and 3 in the modes both
// (which must pass its acceptance thresholds) and game (reported only).
func (m *morrisRunner) selfPlay(rep *morrisReport) error {
	if err := os.MkdirAll(m.dir, 0o755); err != nil {
		return err
	}
	for _, mode := range []string{"both", "game"} {
		args := []string{"-board", "S22", "-depth", "2,3", "-mode", mode}
		if mode != "both" {
			args = append(args, "-min-score", "0", "-min-colour", "0")
		}
		r, err := pack.RunProgram(m.dir, m.exes["morris-selfplay"], args, nil)
		if err != nil {
			return err
		}
		cmd := strings.Join(args, " ")
		if r.Code != 0 {
			return fmt.Errorf("morris-selfplay %s: exit status %d: %s%s", cmd, r.Code, r.Stdout, r.Stderr)
		}
		rep.SelfPlay = append(rep.SelfPlay, morrisSelfPlay{cmd, string(r.Stdout)})
		for _, line := range strings.Split(strings.TrimSpace(string(r.Stdout)), "\n") {
			if err := parseSummary(line, rep); err != nil {
				return err
			}
		}
	}
	for _, f := range []selfPlayFigures{rep.Both.D2, rep.Both.D3, rep.Game.D2, rep.Game.D3} {
		if f.Games == "" {
			return fmt.Errorf("morris-selfplay printed no summary for every mode and depth")
		}
	}
	return nil
}

// summaryLine matches a morris-selfplay summary line.
var summaryLine = regexp.MustCompile(`depth=(\d+) mode=(\w+) games=(\d+) .* score=([\d.]+)% \(95% CI ±([\d.]+)%\) white=([\d.]+)% black=([\d.]+)%`)

// parseSummary records the figures of a morris-selfplay summary line in
// rep by mode and depth.
func parseSummary(line string, rep *morrisReport) error {
	g := summaryLine.FindStringSubmatch(line)
	if g == nil {
		return fmt.Errorf("unexpected self-play line %q", line)
	}
	var mode *selfPlayMode
	switch g[2] {
	case "both":
		mode = &rep.Both
	case "game":
		mode = &rep.Game
	default:
		return fmt.Errorf("self-play line %q: unexpected mode", line)
	}
	f := selfPlayFigures{Games: g[3], Score: g[4], CI: g[5], White: g[6], Black: g[7]}
	switch g[1] {
	case "2":
		mode.D2 = f
	case "3":
		mode.D3 = f
	default:
		return fmt.Errorf("self-play line %q: unexpected depth", line)
	}
	return nil
}

// packRecipe is the recipe of the Morris-Variant archive, the Pack of
// [Game].
var packRecipe = &pack.Recipe{
	Course:    "morris",
	NeedNetID: true,
	Usage: `  morris NETID      morris/NETID.zip: sources, linux/amd64 executables,
                    README.txt, examples, REPORT.md from runs of the programs
`,
	FlagUsage: `  -no-bin            morris: leave the executables out
`,
	Time: "about 5 s",
	Flags: func(fs *flag.FlagSet, cfg *pack.Config) func() error {
		fs.BoolVar(&cfg.NoBin, "no-bin", false, "")
		return nil
	},
	Write: writeMorris,
}
