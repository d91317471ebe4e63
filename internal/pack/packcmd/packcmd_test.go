package packcmd

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/pack"
	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// TestRunBadArguments: every bad command line gives one line on stderr and
// exit status 2, before any work; once the course is known, the line names
// it once, right after the program name.
func TestRunBadArguments(t *testing.T) {
	known := 0
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "no course given (want congo, morris, minichess or starcircle; -h for usage)"},
		{[]string{"chess"}, "unknown course \"chess\" (want congo, morris, minichess or starcircle)"},
		{[]string{"congo"}, "congo: no NETID given: it names the archive (3 to 20 letters or digits after the course)"},
		{[]string{"morris"}, "morris: no NETID given: it names the archive (3 to 20 letters or digits after the course)"},
		{[]string{"starcircle"}, "starcircle: no NETID given: it names the archive (3 to 20 letters or digits after the course)"},
		{[]string{"starcircle", "ab"}, "starcircle: NETID \"ab\": want 3 to 20 letters or digits"},
		{[]string{"congo", "abc-123"}, "congo: NETID \"abc-123\": want 3 to 20 letters or digits"},
		{[]string{"morris", "abc_123"}, "morris: NETID \"abc_123\": want 3 to 20 letters or digits"},
		{[]string{"minichess", "a/b/c"}, "minichess: NETID \"a/b/c\": want 3 to 20 letters or digits"},
		{[]string{"congo", "abc\n123"}, "congo: NETID \"abc\\n123\": want 3 to 20 letters or digits"},
		{[]string{"congo", "abc123", "more"}, "congo: unexpected argument \"more\" after the NETID"},
		{[]string{"-max-moves", "-1", "congo", "abc123"}, "congo: -max-moves -1: want 1 to 10000"},
		{[]string{"-max-moves", "5", "starcircle", "abc123"}, "starcircle: -max-moves does not apply to this course (congo only)"},
		{[]string{"-no-bin", "congo", "abc123"}, "congo: -no-bin does not apply to this course (morris only)"},
		{[]string{"-platforms", "linux/amd64", "morris", "abc123"}, "morris: -platforms does not apply to this course (minichess only)"},
		{[]string{"-report-nodes", "9", "congo", "abc123"}, "congo: -report-nodes does not apply to this course (minichess only)"},
		{[]string{"-report-nodes", "200000000", "minichess"}, "minichess: -report-nodes 200000000: want 1 to 100000000"},
		{[]string{"-report-openings", "-1", "minichess"}, "minichess: -report-openings -1: want 1 to 10000"},
		{[]string{"-report-openings", "3", "starcircle", "abc"}, "starcircle: -report-openings does not apply to this course (minichess only)"},
		{[]string{"-platforms", "linux", "minichess"}, "minichess: -platforms: \"linux\" is not GOOS/GOARCH"},
		{[]string{"-platforms", "linux/amd64,Linux/AMD64", "minichess"}, "minichess: -platforms: \"Linux/AMD64\" is not GOOS/GOARCH"},
		{[]string{"-bogus", "congo"}, "congo: flag provided but not defined: -bogus (-h for usage)"},
		{[]string{"-bogus"}, "flag provided but not defined: -bogus (-h for usage)"},
		{[]string{"-repo", "congo", "-max-moves", "x", "morris", "abc"}, "morris: invalid value \"x\" for flag -max-moves: parse error (-h for usage)"},
		{[]string{"-repo", "/", "congo", "abc123"}, "congo: -repo /: no go.mod at or above /"},
		{[]string{"-platforms", "plan9/z80", "minichess"}, "minichess: platform \"plan9/z80\": not a GOOS/GOARCH pair of this Go (go tool dist list)"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(tc.args, nil, &stdout, &stderr)
		assert.Equal(t, code, 2, "%q", tc.args)
		assert.Equal(t, stderr.String(), "gamesearch-pack: "+tc.want+"\n")
		assert.Equal(t, stdout.String(), "")
		if c, _, ok := strings.Cut(tc.want, ": "); ok && slices.Contains(Courses(), c) {
			checkCourseOnce(t, c, stderr.String(), true)
			known++
		}
	}
	assert.Assert(t, known >= 15, "%d lines name a course", known)
	var stdout, stderr bytes.Buffer
	assert.Equal(t, Run([]string{"-h"}, nil, &stdout, &stderr), 0)
	assert.Assert(t, strings.HasPrefix(stderr.String(), "usage: gamesearch-pack [flags] COURSE [NETID]\n"))
	for _, c := range Courses() {
		assert.Assert(t, strings.Contains(stderr.String(), "\n  "+c+" "), "usage lacks %s", c)
	}
}

// checkCourseOnce checks that an error line of the packager names course
// right after the program name, "gamesearch-pack: COURSE: problem", and not
// again as a label. With exact set, the problem does not contain the
// course's name at all (a build failure may quote paths such as
// cmd/starcircle).
func checkCourseOnce(t *testing.T, course, line string, exact bool) {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "gamesearch-pack: "+course+": ")
	assert.Assert(t, ok, "%q does not name %s first", line, course)
	assert.Assert(t, !strings.HasPrefix(rest, course+":"), "%q names the course twice", line)
	if exact {
		assert.Assert(t, !strings.Contains(rest, course), "%q names the course twice", line)
	}
}

// needGo skips when the go command is absent (the recipes build programs).
func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
}

// TestRunBuildFailure: a failure while packaging is one line naming the
// course once, with exit status 1.
func TestRunBuildFailure(t *testing.T) {
	needGo(t)
	repo := t.TempDir() // a module without the course's programs
	assert.NilError(t, os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module example.com/m\n\ngo 1.21\n"), 0o644))
	for _, course := range []string{"congo", "starcircle"} {
		args := []string{"-repo", repo, "-dist", t.TempDir(), course, "abc123"}
		var stdout, stderr bytes.Buffer
		assert.Equal(t, Run(args, nil, &stdout, &stderr), 1, "%s: %s", course, stderr.String())
		assert.Equal(t, strings.Count(stderr.String(), "\n"), 1, "%s: %q", course, stderr.String())
		checkCourseOnce(t, course, stderr.String(), false)
		assert.Equal(t, stdout.String(), "")
	}
}

// TestScriptBadInput runs scripts/package.sh, the one packaging script,
// with bad arguments: one line on stderr and exit status 2, before
// anything is packaged. The script builds bin/gamesearch-pack and execs it
// with its arguments; it runs for the first three argument lists (none, a
// course and a NETID, a flag first), and the packager it built runs the
// others directly, the same program with the same arguments. The script
// runs from a copy in the test's folder, which its bin/ goes into, with a
// go command that checks the script's build command and puts there the
// packager that go run built (testutil.CachedProgram): every other step of
// the script runs as it is.
func TestScriptBadInput(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the script is a bash script")
	}
	for _, tool := range []string{"bash", "sh", "cp"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not found")
		}
	}
	needGo(t)
	root := testutil.RepoRoot(t)
	packager, err := testutil.CachedProgram(root, "gamesearch-pack", nil)
	assert.NilError(t, err)
	repo, fake := t.TempDir(), t.TempDir()
	script, err := os.ReadFile(filepath.Join(root, "scripts", "package.sh"))
	assert.NilError(t, err)
	assert.NilError(t, os.Mkdir(filepath.Join(repo, "scripts"), 0o755))
	assert.NilError(t, testutil.WriteExecutable(filepath.Join(repo, "scripts", "package.sh"), script))
	assert.NilError(t, testutil.WriteExecutable(filepath.Join(fake, "go"), []byte(`#!/bin/sh
[ "$*" = "build -trimpath -o bin/gamesearch-pack ./cmd/gamesearch-pack" ] || { echo "go $*: not the script's build command" >&2; exit 3; }
cp '`+packager+`' bin/gamesearch-pack
`)))
	env := append(os.Environ(), "PATH="+fake+string(filepath.ListSeparator)+os.Getenv("PATH"))
	for i, args := range [][]string{
		nil,
		{"chess", "abc123"},
		{"-no-bin", "starcircle", "abc123"},
		{"congo"},
		{"congo", "ab"},
		{"congo", "abc123", "extra"},
		{"morris", "abc-123"},
		{"starcircle", "bad netid"},
		{"starcircle", ""},
		{"minichess", "x"},
		{"minichess", "abc", "def"},
	} {
		cmd := exec.Command(filepath.Join(repo, "bin", "gamesearch-pack"), args...)
		if i < 3 {
			cmd = exec.Command("bash", append([]string{filepath.Join(repo, "scripts", "package.sh")}, args...)...)
			cmd.Env = env
		}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		ee, ok := err.(*exec.ExitError)
		assert.Assert(t, ok, "%q: %v", args, err)
		assert.Equal(t, ee.ExitCode(), 2, "%q", args)
		assert.Equal(t, strings.Count(stderr.String(), "\n"), 1, "%q: %q", args, stderr.String())
		assert.Assert(t, strings.HasPrefix(stderr.String(), "gamesearch-pack: "), "%q: %q", args, stderr.String())
		assert.Equal(t, stdout.String(), "")
	}
}

// TestBuildErrors: bad courses and NETIDs are usage errors, before any
// work; a repository without the programs fails.
func TestBuildErrors(t *testing.T) {
	repo := testutil.RepoRoot(t)
	for _, tc := range []struct {
		course string
		cfg    pack.Config
		want   string
	}{
		{"chess", pack.Config{Repo: repo, NetID: "abc"}, `unknown course "chess" (want congo, morris, minichess or starcircle)`},
		{"congo", pack.Config{Repo: repo, NetID: "a"}, `NETID "a": want 3 to 20 letters or digits`},
		{"morris", pack.Config{Repo: repo}, "no NETID given: it names the archive (3 to 20 letters or digits after the course)"},
		{"starcircle", pack.Config{Repo: repo, NetID: "../x"}, `NETID "../x": want 3 to 20 letters or digits`},
		{"minichess", pack.Config{Repo: repo, NetID: "a b c"}, `NETID "a b c": want 3 to 20 letters or digits`},
		{"minichess", pack.Config{Repo: repo, Platforms: []string{"plan9"}}, `platform "plan9": want GOOS/GOARCH`},
	} {
		_, err := Build(tc.course, tc.cfg)
		assert.Error(t, err, tc.want)
		var ue *pack.UsageError
		assert.Assert(t, errors.As(err, &ue), "%v is not a usage error", err)
	}
	_, err := Build("congo", pack.Config{Repo: t.TempDir(), NetID: "abc"})
	assert.ErrorContains(t, err, "no cmd/congo-* programs")
	_, err = Build("starcircle", pack.Config{Repo: t.TempDir(), NetID: "abc"})
	assert.Assert(t, err != nil)
}
