package pack

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// TestRunBadArguments: every bad command line gives one line on stderr and
// exit status 2, before any work.
func TestRunBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "no course given (want congo, morris, minichess or starcircle; -h for usage)"},
		{[]string{"chess"}, "unknown course \"chess\" (want congo, morris, minichess or starcircle)"},
		{[]string{"congo"}, "congo: congo: no NETID given (usage: congo NETID)"},
		{[]string{"morris"}, "morris: morris: no NETID given (usage: morris NETID)"},
		{[]string{"starcircle", "ab"}, "starcircle: NETID \"ab\": want 3 to 20 letters or digits"},
		{[]string{"congo", "abc-123"}, "congo: NETID \"abc-123\": want 3 to 20 letters or digits"},
		{[]string{"morris", "abc_123"}, "morris: NETID \"abc_123\": want 3 to 20 letters or digits"},
		{[]string{"minichess", "a/b/c"}, "minichess: NETID \"a/b/c\": want 3 to 20 letters or digits"},
		{[]string{"congo", "abc\n123"}, "congo: NETID \"abc\\n123\": want 3 to 20 letters or digits"},
		{[]string{"congo", "abc123", "more"}, "unexpected argument \"more\" after the NETID"},
		{[]string{"-max-moves", "-1", "congo", "abc123"}, "-max-moves -1: want 1 to 10000"},
		{[]string{"-max-moves", "5", "starcircle", "abc123"}, "-max-moves does not apply to starcircle"},
		{[]string{"-no-bin", "congo", "abc123"}, "-no-bin does not apply to congo"},
		{[]string{"-platforms", "linux/amd64", "morris", "abc123"}, "-platforms does not apply to morris"},
		{[]string{"-report-nodes", "9", "congo", "abc123"}, "-report-nodes does not apply to congo"},
		{[]string{"-report-nodes", "200000000", "minichess"}, "-report-nodes 200000000: want 1 to 100000000"},
		{[]string{"-report-openings", "-1", "minichess"}, "-report-openings -1: want 1 to 10000"},
		{[]string{"-report-openings", "3", "starcircle", "abc"}, "-report-openings does not apply to starcircle"},
		{[]string{"-platforms", "linux", "minichess"}, "-platforms: \"linux\" is not GOOS/GOARCH"},
		{[]string{"-platforms", "linux/amd64,Linux/AMD64", "minichess"}, "-platforms: \"Linux/AMD64\" is not GOOS/GOARCH"},
		{[]string{"-bogus", "congo"}, "flag provided but not defined: -bogus (-h for usage)"},
		{[]string{"-repo", "/", "congo", "abc123"}, "-repo /: no go.mod at or above /"},
		{[]string{"-platforms", "plan9/z80", "minichess"}, "minichess: platform \"plan9/z80\": not a GOOS/GOARCH pair of this Go (go tool dist list)"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(tc.args, nil, &stdout, &stderr)
		assert.Equal(t, code, 2, "%q", tc.args)
		assert.Equal(t, stderr.String(), "gamesearch-pack: "+tc.want+"\n")
		assert.Equal(t, stdout.String(), "")
	}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, Run([]string{"-h"}, nil, &stdout, &stderr), 0)
	assert.Assert(t, strings.HasPrefix(stderr.String(), "usage: gamesearch-pack [flags] COURSE [NETID]\n"))
	for _, c := range Courses() {
		assert.Assert(t, strings.Contains(stderr.String(), "\n  "+c+" "), "usage lacks %s", c)
	}
}

// TestScriptBadInput runs scripts/package.sh, the one packaging script,
// with bad arguments: one line on stderr and exit status 2, before
// anything is packaged.
func TestScriptBadInput(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the script is a bash script")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	needGo(t)
	repo := testutil.RepoRoot(t)
	for _, args := range [][]string{
		nil,
		{"chess", "abc123"},
		{"congo"},
		{"congo", "ab"},
		{"congo", "abc123", "extra"},
		{"morris", "abc-123"},
		{"starcircle", "bad netid"},
		{"starcircle", ""},
		{"minichess", "x"},
		{"minichess", "abc", "def"},
		{"-no-bin", "starcircle", "abc123"},
	} {
		cmd := exec.Command("bash", append([]string{filepath.Join(repo, "scripts", "package.sh")}, args...)...)
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
