// Package pack builds the Morris-Variant submission archive
// (docs/morris.md §10). The generic steps come from internal/pack: finding the
// sources of the eight programs (and of morris-selfplay, which produces the
// evidence), copying them without tests into src/ with a dependency-free
// go.mod, building them offline from the copy, and writing the deterministic
// zip. The Morris steps are here: running the programs built from the shipped
// copy to produce the examples, the ALPHA-BETA savings, the positions where
// the improved estimators move differently and the self-play evidence, and
// writing REPORT.md from those runs and docs/morris_improved.md. Every number
// in the archive comes from a run made by [Build].
package pack

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	ipack "github.com/gamesearch/gamesearch/internal/pack"
)

// Programs are the eight programs of the project, in the order of
// docs/morris.md §1.
var Programs = []string{
	"MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame",
	"MiniMaxOpeningBlack", "MiniMaxGameBlack", "MiniMaxOpeningImproved", "MiniMaxGameImproved",
}

// Config says what to build.
type Config struct {
	// Repo is the repository root.
	Repo string
	// NetID names the archive and its top folder; it must match
	// ^[a-z0-9]{3,20}$ after lower-casing.
	NetID string
	// NoBin leaves the executables out of the archive.
	NoBin bool
	// Cases is the conformance table whose inputs are the candidates.
	Cases string
	// Out is the zip file to write.
	Out string
	// Log receives progress lines (may be nil).
	Log io.Writer
}

// NetIDPattern is the accepted form of a NetID (that of internal/pack).
var NetIDPattern = ipack.NetIDPattern

// run is one program run: the command line, the input, stdout and the
// output file.
type run struct {
	Program, Kind, Input string
	Depth                int
	Board                string
	Evaluated            uint64
	Estimate             int64
	Stdout, File         string
}

type builder struct {
	cfg  Config
	tmp  string
	bin  string // the programs built from the shipped src/, for this machine
	arch *ipack.Archive
	runs int
	err  error // the first failed Add
}

// Build writes the archive described by cfg.
func Build(cfg Config) error {
	id, err := ipack.NetID(cfg.NetID)
	if err != nil {
		return err
	}
	cfg.NetID = id
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	tmp, err := os.MkdirTemp("", "morris-package-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	b := &builder{cfg: cfg, tmp: tmp, bin: filepath.Join(tmp, "bin"), arch: ipack.NewArchive()}
	steps := []struct {
		name string
		f    func() error
	}{
		{"sources", b.sources},
		{"build", b.build},
		{"report", b.report},
	}
	for _, s := range steps {
		fmt.Fprintf(cfg.Log, "package: %s\n", s.name)
		if err := s.f(); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		if b.err != nil {
			return fmt.Errorf("%s: %w", s.name, b.err)
		}
	}
	return b.arch.WriteZip(cfg.Out)
}

// add adds a file under NETID/; the first error is kept for Build.
func (b *builder) add(name string, data []byte) {
	if err := b.arch.Add(b.cfg.NetID+"/"+name, data, false); err != nil && b.err == nil {
		b.err = err
	}
}

// shipped are the main packages whose sources go into src/: the eight
// programs and morris-selfplay, which produces the evidence of the report.
func shipped() []string {
	var pkgs []string
	for _, p := range append(append([]string{}, Programs...), "morris-selfplay") {
		pkgs = append(pkgs, "./cmd/"+p)
	}
	return pkgs
}

// sources copies the non-test files of every package of the module the
// shipped programs import (for every platform) into NETID/src with a go.mod
// that requires nothing, and extracts that copy for the build.
func (b *builder) sources() error {
	src, err := ipack.CollectSources(b.cfg.Repo, shipped(), nil)
	if err != nil {
		return err
	}
	if len(src.Requires) > 0 {
		return fmt.Errorf("the programs import %s, outside the standard library and the module", src.Requires[0].Path)
	}
	if files := src.Uncommitted(); len(files) > 0 {
		fmt.Fprintf(b.cfg.Log, "package: warning: shipping uncommitted changes of %s\n", strings.Join(files, ", "))
	}
	if err := src.AddTo(b.arch, b.cfg.NetID+"/src"); err != nil {
		return err
	}
	return b.arch.Extract(b.cfg.NetID+"/src", filepath.Join(b.tmp, "src"))
}

// build compiles the shipped copy offline (GOPROXY=off, its own go.mod):
// every program for this machine, to run them, and, unless NoBin, the eight
// programs for linux/amd64 into NETID/bin.
func (b *builder) build() error {
	dir := filepath.Join(b.tmp, "src")
	if err := ipack.Build(dir, nil, b.bin+string(filepath.Separator), shipped()...); err != nil {
		return err
	}
	if b.cfg.NoBin {
		return nil
	}
	ship := filepath.Join(b.tmp, "ship")
	progs := shipped()[:len(Programs)]
	if err := ipack.Build(dir, []string{"GOOS=linux", "GOARCH=amd64"}, ship+string(filepath.Separator), progs...); err != nil {
		return err
	}
	return b.arch.AddTree(b.cfg.NetID+"/bin", ship)
}

var outRE = regexp.MustCompile(`^Board Position: ([WBx]+)\nPositions evaluated by static estimation: (\d+)\.\nMINIMAX estimate: (-?\d+)\.\n$`)

// runProgram runs a built program on input and parses its three lines.
func (b *builder) runProgram(prog, kind, input string, depth int) (run, error) {
	b.runs++
	dir := filepath.Join(b.tmp, "runs", strconv.Itoa(b.runs))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return run{}, err
	}
	if err := os.WriteFile(filepath.Join(dir, "in.txt"), []byte(input+"\n"), 0o644); err != nil {
		return run{}, err
	}
	args := []string{}
	if kind != "" {
		args = append(args, "-board", kind)
	}
	args = append(args, "in.txt", "out.txt", strconv.Itoa(depth))
	cmd := exec.Command(filepath.Join(b.bin, prog), args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return run{}, fmt.Errorf("%s %s: %v: %s", prog, strings.Join(args, " "), err, stderr.String())
	}
	m := outRE.FindStringSubmatch(stdout.String())
	if m == nil {
		return run{}, fmt.Errorf("%s %s: unexpected output %q", prog, strings.Join(args, " "), stdout.String())
	}
	file, err := os.ReadFile(filepath.Join(dir, "out.txt"))
	if err != nil {
		return run{}, err
	}
	r := run{Program: prog, Kind: kind, Input: input, Depth: depth, Board: m[1], Stdout: stdout.String(), File: string(file)}
	r.Evaluated, _ = strconv.ParseUint(m[2], 10, 64)
	r.Estimate, _ = strconv.ParseInt(m[3], 10, 64)
	if r.File != r.Board+"\n" {
		return run{}, fmt.Errorf("%s: output file %q does not match %q", prog, r.File, r.Board)
	}
	return r, nil
}

func (r run) command() string {
	s := r.Program
	if r.Kind != "" {
		s += " -board " + r.Kind
	}
	return fmt.Sprintf("%s in.txt out.txt %d", s, r.Depth)
}

// candidate is a conformance input: board kind, input and depth.
type candidate struct {
	kind, input string
	depth       int
	opening     bool
}

// candidates reads the distinct (kind, input, depth) of the conformance
// table at depths 2 to 4, in file order.
func (b *builder) candidates() ([]candidate, error) {
	data, err := os.ReadFile(b.cfg.Cases)
	if err != nil {
		return nil, err
	}
	seen := map[candidate]bool{}
	var out []candidate
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
		c := candidate{kind: f[1], input: f[3], depth: d, opening: strings.Contains(f[0], "Opening")}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no candidate rows", b.cfg.Cases)
	}
	return out, nil
}

func (b *builder) report() error {
	cands, err := b.candidates()
	if err != nil {
		return err
	}
	var rep strings.Builder
	rep.WriteString("# Morris-Variant — report\n\n")
	rep.WriteString("Generated by `scripts/package_morris.sh` from runs of the built programs; no number in this file is typed by hand.\n")
	rep.WriteString("Board S22 (22 points) unless a `-board` flag is shown. The full runs (command, input, stdout, output file) are in `examples/`.\n\n")

	// Step 2: examples.
	rep.WriteString("## 1. Example outputs\n\n| program | command | input | output board | evaluated | estimate |\n|---|---|---|---|---|---|\n")
	for _, prog := range Programs {
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
			// Depths 2, 3 and 4 in turn.
			r, err := b.runProgram(prog, "", c.input, 2+k)
			if err != nil {
				return err
			}
			k++
			name := fmt.Sprintf("examples/%s/case%d.txt", prog, k)
			b.add(name, []byte(fmt.Sprintf("$ %s\nin.txt: %s\n--- stdout\n%s--- out.txt\n%s", r.command(), r.Input, r.Stdout, r.File)))
			fmt.Fprintf(&rep, "| %s | `%s` | `%s` | `%s` | %d | %d |\n", prog, r.command(), r.Input, r.Board, r.Evaluated, r.Estimate)
		}
		if k < 3 {
			return fmt.Errorf("%s: only %d example positions", prog, k)
		}
	}

	// Step 3: ALPHA-BETA savings.
	rep.WriteString("\n## 2. ALPHA-BETA saves evaluations\n\nSame input and depth; both programs print the same board and estimate.\n\n| pair | input | depth | board | estimate | MINIMAX evaluated | ALPHA-BETA evaluated | saving |\n|---|---|---|---|---|---|---|---|\n")
	for _, pair := range [][2]string{{"MiniMaxOpening", "ABOpening"}, {"MiniMaxGame", "ABGame"}} {
		found := 0
		for _, c := range cands {
			if c.kind != "S22" || c.opening != (pair[0] == "MiniMaxOpening") || found >= 3 {
				continue
			}
			mm, err := b.runProgram(pair[0], "", c.input, c.depth)
			if err != nil {
				return err
			}
			ab, err := b.runProgram(pair[1], "", c.input, c.depth)
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
			fmt.Fprintf(&rep, "| %s / %s | `%s` | %d | `%s` | %d | %d | %d | %.1f %% |\n", pair[0], pair[1], c.input, c.depth, mm.Board, mm.Estimate, mm.Evaluated, ab.Evaluated, 100*float64(mm.Evaluated-ab.Evaluated)/float64(mm.Evaluated))
		}
		if found < 2 {
			return fmt.Errorf("%s vs %s: only %d cases where ALPHA-BETA evaluates fewer positions", pair[0], pair[1], found)
		}
	}

	// Step 4: different moves.
	rep.WriteString("\n## 3. The improved estimators choose different moves\n\nCandidates: the inputs of the conformance table at depths 2 to 4 (spec §7.5). The evaluation counts are equal, as they must be (same tree, same MINIMAX).\n\n| programs | board | input | depth | standard board | standard estimate | improved board | improved estimate | evaluated |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, pair := range [][2]string{{"MiniMaxOpening", "MiniMaxOpeningImproved"}, {"MiniMaxGame", "MiniMaxGameImproved"}} {
		found := 0
		for _, c := range cands {
			if c.opening != (pair[0] == "MiniMaxOpening") || found >= 3 {
				continue
			}
			st, err := b.runProgram(pair[0], c.kind, c.input, c.depth)
			if err != nil {
				return err
			}
			im, err := b.runProgram(pair[1], c.kind, c.input, c.depth)
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
			fmt.Fprintf(&rep, "| %s / %s | %s | `%s` | %d | `%s` | %d | `%s` | %d | %d |\n", pair[0], pair[1], c.kind, c.input, c.depth, st.Board, st.Estimate, im.Board, im.Estimate, st.Evaluated)
		}
		if found < 2 {
			return fmt.Errorf("%s vs %s: only %d positions with a different move", pair[0], pair[1], found)
		}
	}

	// Step 5: self-play evidence.
	rep.WriteString("\n## 4. Self-play: improved against standard\n\nAll 23 start positions of S22 (empty board, and W on point i with B on point i+11), each played with both colours, equal depth, ALPHA-BETA (same moves as MINIMAX), 100 midgame turns then a draw. `mode=both`: improved opening and midgame estimators; `mode=game`: standard opening for both sides, improved midgame estimator only.\n\n```\n")
	figures := map[string]string{}
	for _, mode := range []string{"both", "game"} {
		args := []string{"-board", "S22", "-depth", "2,3", "-mode", mode}
		if mode != "both" {
			args = append(args, "-min-score", "0", "-min-colour", "0")
		}
		cmd := exec.Command(filepath.Join(b.bin, "morris-selfplay"), args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		fmt.Fprintf(&rep, "$ morris-selfplay %s\n%s", strings.Join(args, " "), stdout.String())
		if err != nil {
			return fmt.Errorf("morris-selfplay %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
		}
		for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
			if err := parseSummary(line, figures); err != nil {
				return err
			}
		}
	}
	rep.WriteString("```\n\n## 5. Why the improved estimators are better\n\n")
	prose, err := os.ReadFile(filepath.Join(b.cfg.Repo, "docs", "morris_improved.md"))
	if err != nil {
		return err
	}
	text, err := fill(string(prose), figures)
	if err != nil {
		return err
	}
	rep.WriteString(text)
	b.add("REPORT.md", []byte(rep.String()))
	b.add("README.txt", []byte(readme))
	return nil
}

var summaryRE = regexp.MustCompile(`depth=(\d+) mode=(\w+) games=(\d+) .* score=([\d.]+)% \(95% CI ±([\d.]+)%\) white=([\d.]+)% black=([\d.]+)%`)

// parseSummary records the figures of a morris-selfplay summary line as
// mode.depth.field.
func parseSummary(line string, into map[string]string) error {
	m := summaryRE.FindStringSubmatch(line)
	if m == nil {
		return fmt.Errorf("unexpected self-play line %q", line)
	}
	p := m[2] + "." + m[1] + "."
	into[p+"games"], into[p+"score"], into[p+"ci"], into[p+"white"], into[p+"black"] = m[3], m[4], m[5], m[6], m[7]
	return nil
}

var placeholderRE = regexp.MustCompile(`\{\{([a-z0-9.]+)\}\}`)

// fill replaces every {{name}} of text with figures[name]; an unknown name
// is an error.
func fill(text string, figures map[string]string) (string, error) {
	var missing []string
	out := placeholderRE.ReplaceAllStringFunc(text, func(s string) string {
		k := s[2 : len(s)-2]
		v, ok := figures[k]
		if !ok {
			missing = append(missing, k)
		}
		return v
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("docs/morris_improved.md: unknown placeholders %v", missing)
	}
	return out, nil
}

const readme = `Morris-Variant (UT Dallas AI, Prof. Haim Schweitzer) — the eight programs
==========================================================================

Building (Go 1.26 or later, standard library only, no network needed):

    cd src
    go build -o ../bin/ ./cmd/...

bin/ in this archive already holds the eight programs built for linux/amd64
(unless the archive was made with -no-bin). src/cmd/ also holds
morris-selfplay, the self-play match that produced the evidence of REPORT.md.

Running:

    MiniMaxOpening [-board S22|E21|F18|B21|D23] INPUT OUTPUT DEPTH

The eight programs: MiniMaxOpening, MiniMaxGame (MINIMAX, White to move),
ABOpening, ABGame (ALPHA-BETA, White), MiniMaxOpeningBlack, MiniMaxGameBlack
(MINIMAX, Black to move, by colour swap), MiniMaxOpeningImproved and
MiniMaxGameImproved (MINIMAX with the improved static estimators). The
Opening programs generate placements at every ply, the Game programs moves
(sliding, or hopping with exactly three pieces).

Example:

    echo xxxxxxxxWWxWWxBBBxxxxx > board3.txt
    bin/MiniMaxGame board3.txt board4.txt 3

prints

    Board Position: <chosen board>
    Positions evaluated by static estimation: <n>.
    MINIMAX estimate: <v>.

and writes the chosen board (and a newline) to board4.txt.

Board selection: the board is chosen by the number of letters of the input:
22 = Spring 2023 board (default), 21 = Spring 2022 Variant-E, 18 = Fall
2022, 23 = Variant-D. -board B21 selects the 2018 Variant-B board (also 21
letters); with -board the input must have that board's number of letters.

File formats: INPUT holds one line of W (white), B (black) and x (empty),
one letter per point, bottom row first, left to right; surrounding white
space is ignored. OUTPUT gets the chosen board and a newline, written
atomically only on success.

Tournament mode (optional, spec §11): MiniMaxOpeningImproved and
MiniMaxGameImproved also accept -movetime DURATION (e.g. -movetime 20s), with
DEPTH then optional; they search by iterative deepening and answer within
the time. -black moves for Black; -left N gives the pieces still to place.

Errors (missing or unreadable input, bad letter, bad length, bad depth,
unwritable output, wrong arguments) print one line on stderr and exit with
status 2, leaving OUTPUT untouched.

REPORT.md holds example outputs, the ALPHA-BETA savings, positions where the
improved estimators choose differently, and the self-play evidence, all
generated from runs of these programs. examples/ holds the full runs.
`
