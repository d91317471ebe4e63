package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

func goldenPath(t *testing.T, name string) string {
	return filepath.Join(testutil.RepoRoot(t), "testdata", "minichess-runner", name)
}

func TestUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run([]string{"-h"}, nil, &stdout, &stderr)
	assert.Equal(t, code, 0)
	assert.Equal(t, stdout.String(), "")
	golden.Assert(t, stderr.String(), goldenPath(t, "usage.golden"))
}

func TestParseArgs(t *testing.T) {
	cases := []struct {
		args     []string
		timeout  time.Duration
		maxSteps int
		noClear  bool
	}{
		{[]string{"a", "b"}, 10 * time.Second, 50, false},
		{[]string{"-timeout", "1s", "a", "b"}, time.Second, 50, false},
		{[]string{"-timeout=500ms", "a", "b"}, 500 * time.Millisecond, 50, false},
		{[]string{"--timeout", "0.5", "a", "b"}, 500 * time.Millisecond, 50, false},
		{[]string{"-timeout", "10", "a", "b"}, 10 * time.Second, 50, false},
		{[]string{"-max-steps", "10", "-no-clear", "a", "b"}, 10 * time.Second, 10, true},
	}
	for _, c := range cases {
		var stderr bytes.Buffer
		cfg, w, b, _, ok := ParseArgs(c.args, &stderr)
		assert.Assert(t, ok, "%q: %s", c.args, stderr.String())
		assert.Equal(t, cfg.Timeout, c.timeout, "%q", c.args)
		assert.Equal(t, cfg.MaxSteps, c.maxSteps, "%q", c.args)
		assert.Equal(t, cfg.NoClear, c.noClear, "%q", c.args)
		assert.Equal(t, w, "a")
		assert.Equal(t, b, "b")
		assert.Equal(t, stderr.String(), "")
	}
}

// TestMaxStepsStrict checks that -max-steps follows the one integer rule
// of every program.
func TestMaxStepsStrict(t *testing.T) {
	for _, v := range []string{"+3", "0x3", "1_0", " 3", "0", "-1"} {
		var stderr bytes.Buffer
		_, _, _, code, ok := ParseArgs([]string{"-max-steps", v, "a", "b"}, &stderr)
		assert.Assert(t, !ok, v)
		assert.Equal(t, code, 2)
		assert.Equal(t, stderr.String(), `main: invalid value "`+v+`" for flag -max-steps: want a decimal integer >= 1`+"\n")
	}
}

// TestUsageErrors: one line on stderr starting "main: ", exit 2, nothing
// written to stdout and no file created.
func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	cases := map[string][]string{
		"no players":       {},
		"one player":       {"./a"},
		"three players":    {"./a", "./b", "./c"},
		"bad timeout":      {"-timeout", "fast", "./a", "./b"},
		"zero timeout":     {"-timeout", "0", "./a", "./b"},
		"negative":         {"-timeout", "-1s", "./a", "./b"},
		"NaN timeout":      {"-timeout", "NaN", "./a", "./b"},
		"bad max-steps":    {"-max-steps", "x", "./a", "./b"},
		"zero max-steps":   {"-max-steps", "0", "./a", "./b"},
		"signed max-steps": {"-max-steps", "+3", "./a", "./b"},
		"hex max-steps":    {"-max-steps", "0x3", "./a", "./b"},
		"unknown flag":     {"-fast", "./a", "./b"},
		"missing players":  {"./no-such-player", "./no-such-either"},
		"empty player":     {"", "./b"},
		"missing program":  {"./nonexistent -x", "./b"},
		"not in PATH":      {"no-such-program-gamesearch arg", "./b"},
		"directory":        {".", "./b"},
	}
	for name, args := range cases {
		var stdout, stderr bytes.Buffer
		cfg, w, b, code, ok := ParseArgs(args, &stderr)
		if ok {
			cfg.Dir = dir
			code = Play(cfg, w, b, &stdout, &stderr, nil)
		}
		assert.Equal(t, code, 2, name)
		assert.Equal(t, stdout.String(), "", name)
		msg := stderr.String()
		assert.Assert(t, strings.HasPrefix(msg, "main: ") && strings.Count(msg, "\n") == 1 &&
			strings.HasSuffix(msg, "\n"), "%s: %q", name, msg)
		entries, err := os.ReadDir(dir)
		assert.NilError(t, err)
		assert.Equal(t, len(entries), 0, name)
	}
}

// TestForeignFiles checks that the runner refuses to start, touching
// nothing, when state, action or gamelog.txt exists as something it must not
// replace or remove: a directory, empty or not.
func TestForeignFiles(t *testing.T) {
	for _, name := range []string{StateFile, ActionFile, GamelogFile} {
		for _, full := range []bool{false, true} {
			dir := t.TempDir()
			sub := filepath.Join(dir, name)
			assert.NilError(t, os.Mkdir(sub, 0o755))
			if full {
				assert.NilError(t, os.WriteFile(filepath.Join(sub, "keep"), []byte("x"), 0o644))
			}
			var stdout, stderr bytes.Buffer
			cfg := Config{Dir: dir, Timeout: time.Second, MaxSteps: 2, NoClear: true}
			code := Play(cfg, "sh -c true", "sh -c true", &stdout, &stderr, nil)
			assert.Equal(t, code, 2, name)
			assert.Equal(t, stderr.String(), "main: "+sub+": is a directory (the runner writes this file in its working directory and may remove it)\n")
			assert.Equal(t, stdout.String(), "")
			entries, err := os.ReadDir(dir)
			assert.NilError(t, err)
			assert.Equal(t, len(entries), 1, "%s: files created: %v", name, entries)
			st, err := os.Stat(sub)
			assert.NilError(t, err, "%s: the directory was removed", name)
			assert.Assert(t, st.IsDir())
			if full {
				_, err := os.Stat(filepath.Join(sub, "keep"))
				assert.NilError(t, err)
			}
		}
	}
}

func TestResolvePlayer(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses execute permission bits")
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "bot")
	assert.NilError(t, testutil.WriteExecutable(exe, []byte("#!/bin/sh\n")))
	assert.NilError(t, os.WriteFile(filepath.Join(dir, "data"), []byte("x"), 0o644))
	assert.NilError(t, testutil.WriteExecutable(filepath.Join(dir, "with space"), []byte("#!/bin/sh\n")))

	for _, arg := range []string{"bot", "./bot", exe} {
		p, err := resolvePlayer(dir, arg)
		assert.NilError(t, err, arg)
		assert.Equal(t, p.path, exe)
		assert.DeepEqual(t, p.argv, []string{arg})
		assert.Equal(t, p.arg, arg)
	}
	// An existing file whose name has a space is run as is.
	p, err := resolvePlayer(dir, "with space")
	assert.NilError(t, err)
	assert.Equal(t, p.path, filepath.Join(dir, "with space"))
	// Otherwise the argument is split: program, then leading arguments.
	p, err = resolvePlayer(dir, "./bot  -time\t2s")
	assert.NilError(t, err)
	assert.Equal(t, p.path, exe)
	assert.DeepEqual(t, p.argv, []string{"./bot", "-time", "2s"})
	p, err = resolvePlayer(dir, "sh -c true")
	assert.NilError(t, err)
	assert.Assert(t, filepath.IsAbs(p.path), p.path)
	assert.DeepEqual(t, p.argv, []string{"sh", "-c", "true"})

	_, err = resolvePlayer(dir, "./data")
	assert.ErrorContains(t, err, "not executable")
	_, err = resolvePlayer(dir, "./missing")
	assert.ErrorContains(t, err, "no such file or directory")
	assert.Equal(t, err.Error(), `player "./missing": no such file or directory`)
}

func TestTimeoutFlagString(t *testing.T) {
	d := 3 * time.Second
	assert.Equal(t, timeoutFlag{&d}.String(), "3s")
	assert.Equal(t, timeoutFlag{}.String(), "10s")
}
