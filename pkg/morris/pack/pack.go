// Package pack builds the Morris-Variant submission archive (spec §10): it
// builds the eight programs and morris-selfplay, runs them to produce the
// examples, the ALPHA-BETA savings, the positions where the improved
// estimators move differently and the self-play evidence, writes REPORT.md
// from those runs and docs/morris_improved.md, copies the sources the
// programs import with a dependency-free go.mod, checks that they build
// offline, and writes a deterministic zip. Every number in the archive comes
// from a run made by [Build].
package pack

import (
	"archive/zip"
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

// Programs are the eight programs of the project, in the order of spec §1.
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

// NetIDPattern is the accepted form of a NetID.
var NetIDPattern = regexp.MustCompile(`^[a-z0-9]{3,20}$`)

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
	cfg   Config
	tmp   string
	bin   string
	files map[string][]byte // archive path -> content
	exec  map[string]bool   // archive paths that are executables
	runs  int
}

// Build writes the archive described by cfg.
func Build(cfg Config) error {
	cfg.NetID = strings.ToLower(cfg.NetID)
	if !NetIDPattern.MatchString(cfg.NetID) {
		return fmt.Errorf("NETID %q: want 3 to 20 lower-case letters or digits", cfg.NetID)
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	tmp, err := os.MkdirTemp("", "morris-package-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	b := &builder{cfg: cfg, tmp: tmp, bin: filepath.Join(tmp, "bin"), files: map[string][]byte{}, exec: map[string]bool{}}
	steps := []struct {
		name string
		f    func() error
	}{
		{"build", b.build},
		{"report", b.report},
		{"sources", b.sources},
		{"check build", b.checkBuild},
	}
	for _, s := range steps {
		fmt.Fprintf(cfg.Log, "package: %s\n", s.name)
		if err := s.f(); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
	}
	return b.zip()
}

func (b *builder) add(name string, data []byte) { b.files[b.cfg.NetID+"/"+name] = data }

func (b *builder) goCmd(dir string, env []string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// build compiles the programs for this machine (to run them) and, unless
// NoBin, for linux/amd64 (to ship them).
func (b *builder) build() error {
	env := []string{"CGO_ENABLED=0"}
	for _, p := range append(append([]string{}, Programs...), "morris-selfplay") {
		if err := b.goCmd(b.cfg.Repo, env, "build", "-trimpath", "-buildvcs=false", "-o", filepath.Join(b.bin, p), "./cmd/"+p); err != nil {
			return err
		}
	}
	if b.cfg.NoBin {
		return nil
	}
	shipEnv := append(env, "GOOS=linux", "GOARCH=amd64")
	for _, p := range Programs {
		out := filepath.Join(b.tmp, "ship", p)
		if runtime.GOOS == "linux" && runtime.GOARCH == "amd64" {
			out = filepath.Join(b.bin, p)
		} else if err := b.goCmd(b.cfg.Repo, shipEnv, "build", "-trimpath", "-buildvcs=false", "-o", out, "./cmd/"+p); err != nil {
			return err
		}
		data, err := os.ReadFile(out)
		if err != nil {
			return err
		}
		b.add("bin/"+p, data)
		b.exec[b.cfg.NetID+"/bin/"+p] = true
	}
	return nil
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

// sources copies the non-test Go files of every package of the module the
// eight programs import, with a go.mod that requires nothing.
func (b *builder) sources() error {
	args := []string{"list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \",\"}}{{end}}"}
	for _, p := range Programs {
		args = append(args, "./cmd/"+p)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = b.cfg.Repo
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go list: %v", err)
	}
	mod, err := exec.Command("go", "list", "-C", b.cfg.Repo, "-m", "-f", "{{.Path}}\t{{.GoVersion}}").Output()
	if err != nil {
		return fmt.Errorf("go list -m: %v", err)
	}
	mf := strings.Split(strings.TrimSpace(string(mod)), "\t")
	if len(mf) != 2 {
		return fmt.Errorf("go list -m: %q", mod)
	}
	b.add("src/go.mod", []byte(fmt.Sprintf("module %s\n\ngo %s\n", mf[0], mf[1])))
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || !strings.HasPrefix(f[0], mf[0]+"/") {
			return fmt.Errorf("the programs import %q, which is not part of the module", f[0])
		}
		rel := strings.TrimPrefix(f[0], mf[0]+"/")
		for _, name := range strings.Split(f[2], ",") {
			data, err := os.ReadFile(filepath.Join(f[1], name))
			if err != nil {
				return err
			}
			b.add("src/"+rel+"/"+name, data)
		}
	}
	return nil
}

// checkBuild writes src/ to a temporary directory and builds it offline.
func (b *builder) checkBuild() error {
	dir := filepath.Join(b.tmp, "check")
	prefix := b.cfg.NetID + "/src/"
	for name, data := range b.files {
		if !strings.HasPrefix(name, prefix) {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(name, prefix)))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	return b.goCmd(dir, []string{"GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off", "CGO_ENABLED=0"}, "build", "-o", os.DevNull, "./...")
}

// zipTime is the fixed timestamp of every archive entry.
var zipTime = time.Date(2023, 5, 1, 0, 0, 0, 0, time.UTC)

// zip writes the archive: entries sorted, fixed timestamps, mode 0644 for
// files and 0755 for executables.
func (b *builder) zip() error {
	names := make([]string, 0, len(b.files))
	for n := range b.files {
		names = append(names, n)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		h := &zip.FileHeader{Name: n, Method: zip.Deflate, Modified: zipTime}
		mode := os.FileMode(0o644)
		if b.exec[n] {
			mode = 0o755
		}
		h.SetMode(mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := w.Write(b.files[n]); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(b.cfg.Out), 0o755); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(b.cfg.Out, buf.Bytes(), 0o644); err != nil {
		return errors.Join(errors.New("writing the archive"), err)
	}
	return nil
}

const readme = `Morris-Variant (UT Dallas AI, Prof. Haim Schweitzer) — the eight programs
==========================================================================

Building (Go 1.26 or later, standard library only, no network needed):

    cd src
    go build -o ../bin/ ./cmd/...

bin/ in this archive already holds the eight programs built for linux/amd64
(unless the archive was made with -no-bin).

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

Errors (missing or unreadable input, bad letter, bad length, bad depth,
unwritable output, wrong arguments) print one line on stderr and exit with
status 2, leaving OUTPUT untouched.

REPORT.md holds example outputs, the ALPHA-BETA savings, positions where the
improved estimators choose differently, and the self-play evidence, all
generated from runs of these programs. examples/ holds the full runs.
`
