package course

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/pack"
	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// needGo skips when the go command is absent (the recipes build programs).
func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
}

// buildTwice runs the recipe twice into two directories and checks that
// the archives are byte-identical; it returns the bytes of each archive
// (by base name) of the first run.
func buildTwice(t *testing.T, course string, cfg Config) map[string][]byte {
	t.Helper()
	var first map[string][]byte
	for i := 0; i < 2; i++ {
		cfg.Dist = filepath.Join(t.TempDir(), "dist")
		outs, err := Build(course, cfg)
		assert.NilError(t, err)
		assert.Assert(t, len(outs) > 0)
		got := map[string][]byte{}
		for _, o := range outs {
			rel, err := filepath.Rel(cfg.Dist, o)
			assert.NilError(t, err)
			data, err := os.ReadFile(o)
			assert.NilError(t, err)
			got[filepath.ToSlash(rel)] = data
		}
		if first == nil {
			first = got
			continue
		}
		assert.Equal(t, len(got), len(first))
		for name, data := range first {
			assert.Assert(t, bytes.Equal(got[name], data), "%s differs between two runs", name)
		}
	}
	return first
}

// unpack extracts an archive into a new temporary directory.
func unpack(t *testing.T, data []byte) string {
	t.Helper()
	dir := t.TempDir()
	assert.NilError(t, pack.Unzip(data, dir))
	return dir
}

// buildUnpacked builds every package of an unpacked src/ offline (go build
// ./...), with the programs written into src/bin/, and returns that
// directory.
func buildUnpacked(t *testing.T, src string) string {
	t.Helper()
	gomod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	assert.NilError(t, err)
	assert.Assert(t, !strings.Contains(string(gomod), "require"), string(gomod))
	bin := filepath.Join(src, "bin")
	assert.NilError(t, pack.Build(src, nil, bin+string(filepath.Separator), "./..."))
	return bin
}

// checkSrc checks that the shipped source tree has no test files or test
// data.
func checkSrc(t *testing.T, src string) {
	t.Helper()
	assert.NilError(t, filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		assert.Assert(t, !strings.HasSuffix(p, "_test.go") && d.Name() != "testdata", p)
		return nil
	}))
}

// handoutSamples parses conformance/congo/handout_samples.txt: for each
// sample set, the title and the IN and OUT lines.
type handoutSample struct {
	in, out []string
}

func handoutSamples(t *testing.T) map[string]handoutSample {
	t.Helper()
	data, err := os.ReadFile(testutil.Conformance(t, "congo", "handout_samples.txt"))
	assert.NilError(t, err)
	samples := map[string]handoutSample{}
	var title string
	var cur handoutSample
	section := ""
	flush := func() {
		if title != "" {
			for len(cur.out) > 0 && cur.out[len(cur.out)-1] == "" {
				cur.out = cur.out[:len(cur.out)-1]
			}
			samples[title] = cur
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			flush()
			title, cur, section = strings.TrimSpace(strings.SplitN(line[3:], "(", 2)[0]), handoutSample{}, ""
		case strings.HasPrefix(line, "#"):
			section = ""
		case line == "IN:":
			section = "in"
		case strings.HasPrefix(line, "OUT"):
			section = "out"
		case section == "in" && line != "":
			cur.in = append(cur.in, line)
		case section == "out":
			cur.out = append(cur.out, line)
		}
	}
	flush()
	return samples
}

// TestCongoArchive builds the Congo archive (with a short round robin),
// twice, unpacks it, builds its programs offline from the unpacked src/,
// runs every example there and compares with the archived output and with
// the handout.
func TestCongoArchive(t *testing.T) {
	needGo(t)
	repo := testutil.RepoRoot(t)
	zips := buildTwice(t, "congo", Config{Repo: repo, NetID: "AbC123", MaxMoves: 4})
	data, ok := zips["congo/abc123.zip"]
	assert.Assert(t, ok, "archive names: %v", zips)
	dir := unpack(t, data)
	top := filepath.Join(dir, "abc123")
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 1, "want a single top folder")

	src := filepath.Join(top, "src")
	checkSrc(t, src)
	programs, err := CongoPrograms(repo)
	assert.NilError(t, err)
	assert.Assert(t, len(programs) >= 7, "%v", programs)
	bin := buildUnpacked(t, src)
	for _, p := range programs {
		_, err := os.Stat(filepath.Join(bin, p))
		assert.NilError(t, err, "program %s not built from the archive", p)
	}

	handout := handoutSamples(t)
	for _, ex := range CongoExamples {
		exDir := filepath.Join(top, "examples", ex.Name)
		input, err := os.ReadFile(filepath.Join(exDir, "input.txt"))
		assert.NilError(t, err)
		want, err := os.ReadFile(filepath.Join(exDir, "output.txt"))
		assert.NilError(t, err)
		cmdline, err := os.ReadFile(filepath.Join(exDir, "command.txt"))
		assert.NilError(t, err)
		assert.Equal(t, string(cmdline), commandLine(ex.Program, ex.Args, "input.txt")+"\n")

		r, err := runProgram(exDir, filepath.Join(bin, ex.Program), ex.Args, input)
		assert.NilError(t, err)
		assert.Equal(t, r.code, 0, "%s: %s", ex.Name, r.stderr)
		assert.Equal(t, string(r.stdout), string(want), ex.Name)

		hs, ok := handout[ex.Handout]
		assert.Assert(t, ok, "%s: no handout sample set %q", ex.Name, ex.Handout)
		lines := strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
		if hs.in != nil {
			assert.DeepEqual(t, lines[1:], hs.in)
		}
		assert.DeepEqual(t, strings.Split(strings.TrimSuffix(string(want), "\n"), "\n"), hs.out)
	}

	report, err := os.ReadFile(filepath.Join(top, "REPORT.md"))
	assert.NilError(t, err)
	readme, err := os.ReadFile(filepath.Join(top, "README.txt"))
	assert.NilError(t, err)
	for _, want := range []string{"a draw after 4 moves by each side", "| minimax |", "| alphabeta |", "| agent |", "**Standings**", "bin/congo-roundrobin -max-moves 4"} {
		assert.Assert(t, strings.Contains(string(report), want), "REPORT.md lacks %q", want)
	}
	assert.Assert(t, !strings.Contains(string(report)+string(readme), "{{"))
	games, err := filepath.Glob(filepath.Join(top, "games", "*.txt"))
	assert.NilError(t, err)
	assert.Equal(t, len(games), 6) // three players, each pair with both colours

	// The round robin rebuilt from the archive, run inside src/ as the README
	// says, reproduces the report's tables.
	r, err := runProgram(src, filepath.Join(bin, "congo-roundrobin"), []string{"-max-moves", "4"}, nil)
	assert.NilError(t, err)
	assert.Equal(t, r.code, 0, string(r.stderr))
	assert.Assert(t, strings.Contains(string(report), strings.TrimRight(string(r.stdout), "\n")))
}

// TestStarCircleArchive builds the Star/Circle archive twice, unpacks it,
// builds starcircle offline from the unpacked src/ and runs it on the five
// handout examples there, comparing with the archived outputs and the
// conformance outputs.
func TestStarCircleArchive(t *testing.T) {
	needGo(t)
	repo := testutil.RepoRoot(t)
	zips := buildTwice(t, "starcircle", Config{Repo: repo, NetID: "xyz9"})
	dir := unpack(t, zips["starcircle/xyz9.zip"])
	top := filepath.Join(dir, "xyz9")
	src := filepath.Join(top, "src")
	checkSrc(t, src)
	bin := buildUnpacked(t, src)
	cases := testutil.Conformance(t, "starcircle", "cases")
	exDirs, err := filepath.Glob(filepath.Join(top, "examples", "*"))
	assert.NilError(t, err)
	assert.Equal(t, len(exDirs), 5)
	for _, exDir := range exDirs {
		name := filepath.Base(exDir)
		archived, err := os.ReadFile(filepath.Join(exDir, "output.txt"))
		assert.NilError(t, err)
		assert.NilError(t, os.Remove(filepath.Join(exDir, "output.txt")))
		r, err := runProgram(exDir, filepath.Join(bin, "starcircle"), nil, nil)
		assert.NilError(t, err)
		assert.Equal(t, r.code, 0, "%s: %s", name, r.stderr)
		got, err := os.ReadFile(filepath.Join(exDir, "output.txt"))
		assert.NilError(t, err)
		assert.Equal(t, string(got), string(archived), name)
		want, err := os.ReadFile(filepath.Join(cases, name, "output.txt"))
		assert.NilError(t, err)
		assert.DeepEqual(t, trimmedLines(got), trimmedLines(want))
		input, err := os.ReadFile(filepath.Join(exDir, "input.txt"))
		assert.NilError(t, err)
		wantIn, err := os.ReadFile(filepath.Join(cases, name, "input.txt"))
		assert.NilError(t, err)
		assert.Equal(t, string(input), string(wantIn), name)
	}
	readme, err := os.ReadFile(filepath.Join(top, "README.txt"))
	assert.NilError(t, err)
	assert.Assert(t, strings.Contains(string(readme), "examples/handout_ex1: F4-H2 | 160 | 160 | 5"), string(readme))
}

// trimmedLines splits s into lines with trailing white space removed, the
// comparison rule of the Star/Circle conformance data.
func trimmedLines(s []byte) []string {
	lines := strings.Split(strings.TrimRight(string(s), " \t\r\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return lines
}

// TestMiniChessArchive builds the archive of this machine's platform twice,
// unpacks it, checks the program names and modes, builds the unpacked src/
// offline, and plays baseline1 against baseline2 with the unpacked runner,
// comparing gamelog.txt with the course's C++ runner's.
func TestMiniChessArchive(t *testing.T) {
	needGo(t)
	repo := testutil.RepoRoot(t)
	platform := runtime.GOOS + "/" + runtime.GOARCH
	zips := buildTwice(t, "minichess", Config{Repo: repo, Platforms: []string{platform}})
	top := "minichess-" + runtime.GOOS + "-" + runtime.GOARCH
	data, ok := zips[top+".zip"]
	assert.Assert(t, ok, "%v", zips)
	dir := unpack(t, data)
	for _, p := range MiniChessPrograms {
		_, err := os.Stat(filepath.Join(repo, "cmd", p.Cmd))
		for _, name := range p.Names {
			info, serr := os.Stat(filepath.Join(dir, top, exeName(name, runtime.GOOS)))
			if err != nil {
				assert.Assert(t, os.IsNotExist(serr), "%s shipped without cmd/%s", name, p.Cmd)
				continue
			}
			assert.NilError(t, serr, name)
			if runtime.GOOS != "windows" {
				assert.Equal(t, info.Mode().Perm(), os.FileMode(0o755), name)
			}
		}
	}
	readme, err := os.ReadFile(filepath.Join(dir, top, "README.txt"))
	assert.NilError(t, err)
	assert.Assert(t, strings.Contains(string(readme), "Running a game"))
	assert.Assert(t, !strings.Contains(string(readme), "{{"))
	src := filepath.Join(dir, top, "src")
	checkSrc(t, src)
	buildUnpacked(t, src)

	game := testutil.Conformance(t, "minichess", "games", "b1_vs_b2", "gamelog.txt")
	want, err := os.ReadFile(game)
	assert.NilError(t, err)
	run := filepath.Join(dir, top)
	r, err := runProgram(run, filepath.Join(run, exeName("main", runtime.GOOS)), []string{"-no-clear", "./baseline1", "./baseline2"}, nil)
	assert.NilError(t, err)
	assert.Equal(t, r.code, 0, string(r.stderr))
	got, err := os.ReadFile(filepath.Join(run, "gamelog.txt"))
	assert.NilError(t, err)
	assert.Equal(t, string(got), string(want))
}

func TestRunBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "pack: no course given (want congo, starcircle or minichess; pack -h for usage)\n"},
		{[]string{"morris", "abc123"}, "pack: unknown course \"morris\" (want congo, starcircle or minichess)\n"},
		{[]string{"chess"}, "pack: unknown course \"chess\" (want congo, starcircle or minichess)\n"},
		{[]string{"congo"}, "pack: congo: no NETID given (usage: pack congo NETID)\n"},
		{[]string{"starcircle", "ab"}, "pack: NETID \"ab\": want 3 to 20 letters or digits\n"},
		{[]string{"congo", "abc-123"}, "pack: NETID \"abc-123\": want 3 to 20 letters or digits\n"},
		{[]string{"minichess", "a/b/c"}, "pack: NETID \"a/b/c\": want 3 to 20 letters or digits\n"},
		{[]string{"congo", "abc123", "more"}, "pack: unexpected argument \"more\" after the NETID\n"},
		{[]string{"-max-moves", "-1", "congo", "abc123"}, "pack: -max-moves -1: want 1 to 10000\n"},
		{[]string{"-platforms", "linux", "minichess"}, "pack: -platforms: \"linux\" is not GOOS/GOARCH\n"},
		{[]string{"-bogus", "congo"}, "pack: flag provided but not defined: -bogus (pack -h for usage)\n"},
		{[]string{"-repo", "/", "congo", "abc123"}, "pack: -repo /: no go.mod at or above /\n"},
		{[]string{"-platforms", "plan9/z80", "minichess"}, "pack: minichess: platform \"plan9/z80\": not a GOOS/GOARCH pair of this Go (go tool dist list)\n"},
		{[]string{"-platforms", "linux/amd64,Linux/AMD64", "minichess"}, "pack: -platforms: \"Linux/AMD64\" is not GOOS/GOARCH\n"},
		{[]string{"congo", "abc\n123"}, "pack: NETID \"abc\\n123\": want 3 to 20 letters or digits\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(tc.args, nil, &stdout, &stderr)
		assert.Equal(t, code, 2, "%q", tc.args)
		assert.Equal(t, stderr.String(), tc.want)
		assert.Equal(t, stdout.String(), "")
	}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, Run([]string{"-h"}, nil, &stdout, &stderr), 0)
	assert.Assert(t, strings.HasPrefix(stderr.String(), "usage: pack "))
}

func TestBuildErrors(t *testing.T) {
	repo := testutil.RepoRoot(t)
	_, err := Build("morris", Config{Repo: repo, NetID: "abc"})
	assert.ErrorContains(t, err, "unknown course")
	_, err = Build("congo", Config{Repo: repo, NetID: "a"})
	assert.ErrorContains(t, err, "want 3 to 20")
	_, err = Build("minichess", Config{Repo: repo, Platforms: []string{"plan9"}})
	assert.ErrorContains(t, err, "want GOOS/GOARCH")
	_, err = Build("congo", Config{Repo: t.TempDir(), NetID: "abc"})
	assert.ErrorContains(t, err, "no cmd/congo-* programs")
	_, err = Build("minichess", Config{Repo: t.TempDir()})
	assert.ErrorContains(t, err, "no cmd/minichess-* programs")
}

func TestFill(t *testing.T) {
	repo := t.TempDir()
	assert.NilError(t, os.MkdirAll(filepath.Join(repo, "docs", "x"), 0o755))
	assert.NilError(t, os.WriteFile(filepath.Join(repo, "docs", "x", "t.md"), []byte("a {{ONE}} b {{TWO}} {{ONE}}\n"), 0o644))
	got, err := fill(repo, "x/t.md", map[string]string{"ONE": "1", "TWO": "2"})
	assert.NilError(t, err)
	assert.Equal(t, string(got), "a 1 b 2 1\n")
	_, err = fill(repo, "x/t.md", map[string]string{"ONE": "1"})
	assert.ErrorContains(t, err, "placeholder {{TWO}} has no value")
	_, err = fill(repo, "x/t.md", map[string]string{"ONE": "1", "TWO": "2", "THREE": "3"})
	assert.ErrorContains(t, err, "no placeholder {{THREE}}")
}

// TestScriptsBadInput runs the packaging scripts with bad arguments: one
// line on stderr and exit status 2, before anything is built.
func TestScriptsBadInput(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the scripts are bash scripts")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	repo := testutil.RepoRoot(t)
	for _, args := range [][]string{
		{"package.sh", "chess", "abc123"},
		{"package.sh", "congo"},
		{"package.sh", "congo", "ab"},
		{"package.sh", "congo", "abc123", "extra"},
		{"package.sh", "starcircle", "bad netid"},
		{"package.sh", "starcircle", ""},
		{"package.sh", "minichess", "x"},
		{"package.sh", "minichess", "abc", "def"},
		{"package_congo.sh", "a_b_c"},
		{"package_starcircle.sh"},
		{"package_minichess.sh", "toolongnetid123456789"},
	} {
		cmd := exec.Command("bash", append([]string{filepath.Join(repo, "scripts", args[0])}, args[1:]...)...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		ee, ok := err.(*exec.ExitError)
		assert.Assert(t, ok, "%q: %v", args, err)
		assert.Equal(t, ee.ExitCode(), 2, "%q", args)
		assert.Equal(t, strings.Count(stderr.String(), "\n"), 1, "%q: %q", args, stderr.String())
		assert.Equal(t, stdout.String(), "")
	}
}
