package gamedef

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/pack"
	"github.com/gamesearch/gamesearch/internal/pack/packtest"
	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

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
// unpacks it, checks that it ships no executables, builds its programs
// offline from the unpacked src/,
// runs every example there and compares with the archived output and with
// the handout.
func TestCongoArchive(t *testing.T) {
	t.Parallel()
	packtest.NeedGo(t)
	repo := testutil.RepoRoot(t)
	kept := t.TempDir()
	zips := packtest.Build(t, packRecipe, pack.Config{Repo: repo, NetID: "AbC123", MaxMoves: 4, Keep: kept})
	data, ok := zips["congo/AbC123.zip"] // named by the NETID as given
	assert.Assert(t, ok, "archive names: %v", zips)
	dir := packtest.Unpack(t, data, "AbC123")
	top := filepath.Join(dir, "AbC123")

	src := filepath.Join(top, "src")
	packtest.CheckSrc(t, src)
	programs, err := CongoPrograms(repo)
	assert.NilError(t, err)
	assert.Assert(t, len(programs) >= 9, "%v", programs)
	assert.Assert(t, slices.Contains(programs, "congo-agent") && !slices.Contains(programs, "congo-roundrobin"), "%v", programs)
	packtest.NoExecutables(t, top)
	bin := packtest.BuildUnpacked(t, src, filepath.Join(kept, "bin"))
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

		r, err := pack.RunProgram(exDir, filepath.Join(bin, ex.Program), ex.Args, input)
		assert.NilError(t, err)
		assert.Equal(t, r.Code, 0, "%s: %s", ex.Name, r.Stderr)
		assert.Equal(t, string(r.Stdout), string(want), ex.Name)

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
	r, err := pack.RunProgram(src, filepath.Join(bin, "congo-roundrobin"), []string{"-max-moves", "4"}, nil)
	assert.NilError(t, err)
	assert.Equal(t, r.Code, 0, string(r.Stderr))
	assert.Assert(t, strings.Contains(string(report), strings.TrimRight(string(r.Stdout), "\n")))
}

// TestPackTemplates fills every template of the recipe from docs/ with the
// zero value of its data: the templates parse and name only fields that
// exist.
func TestPackTemplates(t *testing.T) {
	t.Parallel()
	repo := testutil.RepoRoot(t)
	for rel, data := range map[string]any{
		"congo/README.txt.tmpl": congoReadme{},
		"congo/REPORT.md.tmpl":  congoReport{},
	} {
		_, err := pack.Render(repo, rel, data)
		assert.NilError(t, err, rel)
	}
}
