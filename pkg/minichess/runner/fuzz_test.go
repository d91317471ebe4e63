package runner

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzParseArgs: the command-line parser never panics; it either accepts
// (a positive time limit, a ply limit >= 1, two players, nothing printed)
// or fails with exit status 2 and one "main: " line, or prints the usage
// text for -h. Arguments are separated by NUL bytes in the fuzz input.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"./a\x00./b",
		"-timeout\x001s\x00./a\x00./b",
		"-timeout=0.5\x00-max-steps=10\x00-no-clear\x00a\x00b",
		"--timeout\x00-3\x00a\x00b",
		"-timeout\x001e300\x00a\x00b",
		"-timeout\x00NaN\x00a\x00b",
		"-max-steps\x000\x00a\x00b",
		"-h",
		"-no-clear=false\x00--\x00-a\x00-b",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var args []string
		if s != "" {
			args = strings.Split(s, "\x00")
		}
		var stderr bytes.Buffer
		cfg, w, b, code, ok := ParseArgs(args, &stderr)
		msg := stderr.String()
		switch {
		case ok:
			if cfg.Timeout <= 0 || cfg.MaxSteps < 1 || msg != "" {
				t.Fatalf("accepted %q: %+v, stderr %q", args, cfg, msg)
			}
			_, _ = w, b
		case code == 0:
			if msg != usageText {
				t.Fatalf("exit 0 without usage for %q: %q", args, msg)
			}
		case code == 2:
			if !strings.HasPrefix(msg, "main: ") || strings.Count(msg, "\n") != 1 || !strings.HasSuffix(msg, "\n") {
				t.Fatalf("bad error line for %q: %q", args, msg)
			}
		default:
			t.Fatalf("exit status %d for %q", code, args)
		}
	})
}

// FuzzTimeoutFlag: -timeout accepts exactly the positive durations, as a
// Go duration or a number of seconds, and never panics.
func FuzzTimeoutFlag(f *testing.F) {
	for _, s := range []string{"10s", "1.5s", "500ms", "10", "0.5", "0", "-1", "1e9", "1e-12", "Inf", "fast", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := time.Duration(-1)
		err := timeoutFlag{&d}.Set(s)
		if err == nil && d <= 0 {
			t.Fatalf("%q accepted as %v", s, d)
		}
		if err != nil && d != -1 {
			t.Fatalf("%q rejected but set to %v", s, d)
		}
	})
}

// FuzzResolvePlayer: resolving a player argument never panics; a resolved
// player has an absolute program path and the argument's words.
func FuzzResolvePlayer(f *testing.F) {
	for _, s := range []string{"./bot", "sh -c true", "", " \t", "sh", "/bin/sh", "no-such-program x", "./", ".."} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, s string) {
		p, err := resolvePlayer(dir, s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "player ") || strings.Contains(oneLine(err.Error()), "\n") {
				t.Fatalf("%q: error %q", s, err)
			}
			return
		}
		if !filepath.IsAbs(p.path) || len(p.argv) == 0 || p.arg != s {
			t.Fatalf("%q resolved to %+v", s, p)
		}
	})
}
