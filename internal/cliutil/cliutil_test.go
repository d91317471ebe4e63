package cliutil

import (
	"errors"
	"flag"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gotest.tools/v3/assert"
)

func TestParseInt(t *testing.T) {
	good := []struct {
		s      string
		lo, hi int
		want   int
	}{
		{"3", 1, 10, 3},
		{"03", 1, 10, 3},
		{"10", 1, 10, 10},
		{"0", 0, 0, 0},
		{"-5", -10, 10, -5},
		{"-0", -1, 1, 0},
		{"9223372036854775807", 0, math.MaxInt, math.MaxInt},
		{"-9223372036854775808", math.MinInt, 0, math.MinInt},
		{"0000000000000000000000000000001", 1, 1, 1},
	}
	for _, g := range good {
		v, err := ParseInt(g.s, g.lo, g.hi)
		assert.NilError(t, err, "%q", g.s)
		assert.Equal(t, v, g.want, "%q", g.s)
	}
	bad := []struct {
		s      string
		lo, hi int
		msg    string
	}{
		{"+3", 1, 10, "want a decimal integer in 1..10"},
		{" 3", 1, 10, "want a decimal integer in 1..10"},
		{"3 ", 1, 10, "want a decimal integer in 1..10"},
		{"", 1, 10, "want a decimal integer in 1..10"},
		{"-", -1, 10, "want a decimal integer in -1..10"},
		{"-1", 0, 10, "want a decimal integer in 0..10"},
		{"-0", 0, 10, "want a decimal integer in 0..10"},
		{"1_000", 0, math.MaxInt, "want a decimal integer >= 0"},
		{"0x10", 0, math.MaxInt, "want a decimal integer >= 0"},
		{"3.0", 1, 10, "want a decimal integer in 1..10"},
		{"11", 1, 10, "want a decimal integer in 1..10"},
		{"0", 1, 10, "want a decimal integer in 1..10"},
		{"٣", 1, 10, "want a decimal integer in 1..10"},
		{"9223372036854775808", 0, math.MaxInt, "want a decimal integer >= 0"},
		{"-9223372036854775809", math.MinInt, 0, "want a decimal integer in -9223372036854775808..0"},
		{"99999999999999999999999", 1, math.MaxInt, "want a decimal integer >= 1"},
		{"1000000", 0, 64, "want a decimal integer in 0..64"},
	}
	for _, b := range bad {
		_, err := ParseInt(b.s, b.lo, b.hi)
		assert.Error(t, err, b.msg, "%q", b.s)
		var ie *IntError
		assert.Assert(t, errors.As(err, &ie))
	}
	v64, err := ParseInt[int64]("-7", -10, 10)
	assert.NilError(t, err)
	assert.Equal(t, v64, int64(-7))
}

func TestIntVar(t *testing.T) {
	fs := flag.NewFlagSet("p", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var depth int
	IntVar(fs, &depth, "depth", 7, 0, 64, "")
	assert.Equal(t, depth, 7)
	assert.NilError(t, fs.Parse([]string{"-depth", "012"}))
	assert.Equal(t, depth, 12)
	for _, arg := range []string{"+3", "1000000", "-1", "0x10", " 3"} {
		fs := flag.NewFlagSet("p", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		IntVar(fs, &depth, "depth", 0, 0, 64, "")
		err := fs.Parse([]string{"-depth", arg})
		assert.ErrorContains(t, err, "for flag -depth: want a decimal integer in 0..64", arg)
	}
}

func TestQuote(t *testing.T) {
	assert.Equal(t, Quote("abc"), `"abc"`)
	assert.Equal(t, Quote([]byte("\ufeffStar")), `"\ufeffStar"`)
	assert.Equal(t, Quote("\xef\xbb"), `"\xef\xbb"`)
	assert.Equal(t, Quote("a\nb\x00"), `"a\nb\x00"`)
	assert.Equal(t, Quote("é"), `"é"`)
	long := strings.Repeat("x", 10<<20)
	assert.Equal(t, Quote(long), `"`+strings.Repeat("x", MaxQuote)+`"…`)
	assert.Equal(t, Quote([]byte(long)), `"`+strings.Repeat("x", MaxQuote)+`"…`)
	// A character that does not fit whole is left out, not split.
	s := strings.Repeat("x", MaxQuote-1) + "€€"
	assert.Equal(t, Quote(s), `"`+strings.Repeat("x", MaxQuote-1)+`"…`)
	// Invalid UTF-8 is cut at the byte limit.
	b := strings.Repeat("\x80", 40)
	assert.Equal(t, Quote(b), `"`+strings.Repeat(`\x80`, MaxQuote)+`"…`)
	assert.Equal(t, Quote(strings.Repeat("x", MaxQuote)), `"`+strings.Repeat("x", MaxQuote)+`"`)
}

func TestDistinctOutput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "state")
	assert.NilError(t, os.WriteFile(in, []byte("x"), 0o644))
	link := filepath.Join(dir, "link")
	assert.NilError(t, os.Symlink(in, link))
	hard := filepath.Join(dir, "hard")
	assert.NilError(t, os.Link(in, hard))
	t.Chdir(dir)

	assert.Error(t, DistinctOutput("state", "state"), "output state is also the input file")
	assert.Error(t, DistinctOutput("./state", "state"), "output ./state is the input file state")
	assert.Error(t, DistinctOutput(in, "state"), "output "+in+" is the input file state")
	assert.ErrorContains(t, DistinctOutput(link, "state"), "is the input file")
	assert.ErrorContains(t, DistinctOutput(hard, "state"), "is the input file")
	assert.ErrorContains(t, DistinctOutput("state", "other", "sub/../state"), "is the input file sub/../state")
	// A missing input and a missing output compare by path.
	assert.ErrorContains(t, DistinctOutput("gone", "./gone"), "is the input file")
	assert.NilError(t, DistinctOutput("action", "state"))
	assert.NilError(t, DistinctOutput("new", "state", "other"))
	assert.NilError(t, DistinctOutput("state", "/nonexistent/state"))
}

// TestLineError: the line alone, or the line and the byte offset.
func TestLineError(t *testing.T) {
	assert.Error(t, &LineError{Line: 3, Byte: -1, Msg: "missing depth"}, "line 3: missing depth")
	assert.Error(t, &LineError{Line: 1, Byte: 0, Msg: `case count "\ufeff3": want a decimal integer`}, `line 1: byte 0: case count "\ufeff3": want a decimal integer`)
}

func TestOrList(t *testing.T) {
	for _, c := range []struct {
		words []string
		want  string
	}{{nil, ""}, {[]string{"a"}, "a"}, {[]string{"a", "b"}, "a or b"}, {[]string{"a", "b", "c"}, "a, b or c"}} {
		if got := OrList(c.words); got != c.want {
			t.Errorf("OrList(%q) = %q; want %q", c.words, got, c.want)
		}
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRunStdin(t *testing.T) {
	upper := func(in []byte) (string, error) {
		if len(in) == 0 {
			return "", errors.New("stdin: empty")
		}
		return strings.ToUpper(string(in)), nil
	}
	for _, c := range []struct {
		args           []string
		in             string
		code           int
		stdout, stderr string
	}{
		{nil, "ab\n", 0, "AB\n", ""},
		{[]string{"-h"}, "", 0, "usage: p < x\n", ""},
		{[]string{"x"}, "ab", 2, "", "p: unexpected argument \"x\" (usage: p < x)\n"},
		{[]string{"-q"}, "ab", 2, "", "p: flag provided but not defined: -q (usage: p < x)\n"},
		{nil, "", 2, "", "p: stdin: empty\n"},
		{nil, strings.Repeat("a", 1<<20+1), 2, "", "p: stdin: over 1 MiB\n"},
	} {
		var stdout, stderr strings.Builder
		code := RunStdin("p", "usage: p < x", 1<<20, upper, c.args, strings.NewReader(c.in), &stdout, &stderr)
		if code != c.code || stdout.String() != c.stdout || stderr.String() != c.stderr {
			t.Errorf("%q on %.10q: %d %q %q; want %d %q %q", c.args, c.in, code, stdout.String(), stderr.String(), c.code, c.stdout, c.stderr)
		}
	}
	var stderr strings.Builder
	if code := RunStdin("p", "", 0, upper, nil, strings.NewReader(strings.Repeat("a", 1<<20+1)), failWriter{}, &stderr); code != 1 || stderr.String() != "p: cannot write output: disk full\n" {
		t.Errorf("unbounded input, stdout failing: %d %q; want 1 and the write error", code, stderr.String())
	}
}
