// Package cliutil holds the rules every program of the repository shares on
// its command line and in its error messages: one way to read an integer
// ([ParseInt], [IntVar]), one way to quote offending text ([Quote]), one
// way to say where a problem is in a line-based input ([LineError]) and the
// check that an output file is not one of the inputs ([DistinctOutput]).
package cliutil

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// LineError is a problem in a line-based input, at a line (1-based, counting
// every line) and, when it concerns a piece of its text, the byte offset of
// that text in the line.
type LineError struct {
	// Line is the 1-based number of the offending line.
	Line int
	// Byte is the 0-based offset in the line of the offending text, or -1
	// when the problem concerns the line as a whole.
	Byte int
	// Msg says what is wrong, naming the field and quoting at most a short
	// prefix of the text ([Quote]).
	Msg string
}

// Error returns "line N: problem" or "line N: byte B: problem".
func (e *LineError) Error() string {
	if e.Byte < 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("line %d: byte %d: %s", e.Line, e.Byte, e.Msg)
}

// Integer is the set of types ParseInt and IntVar handle.
type Integer interface{ ~int | ~int64 }

// IntError is the error of [ParseInt]: the text is not a decimal integer in
// Lo..Hi. Its message does not repeat the text; callers quote it with
// [Quote] where they name the field.
type IntError struct {
	// Lo and Hi are the accepted bounds, inclusive.
	Lo, Hi int64
}

// Error returns "want a decimal integer in LO..HI" (">= LO" when there is
// no upper bound other than the type's).
func (e *IntError) Error() string {
	if e.Hi == math.MaxInt64 || e.Hi == math.MaxInt {
		return fmt.Sprintf("want a decimal integer >= %d", e.Lo)
	}
	return fmt.Sprintf("want a decimal integer in %d..%d", e.Lo, e.Hi)
}

// ParseInt parses s as a decimal integer in lo..hi. It is the one rule for
// integers of every program: an optional '-' (only when lo < 0), then one or
// more ASCII digits, leading zeros allowed; no '+', no blanks, no '_', no
// base prefix, no value outside lo..hi. The error is an [*IntError].
func ParseInt[T Integer](s string, lo, hi T) (T, error) {
	fail := &IntError{Lo: int64(lo), Hi: int64(hi)}
	digits := s
	neg := false
	if lo < 0 && len(digits) > 0 && digits[0] == '-' {
		neg, digits = true, digits[1:]
	}
	if digits == "" {
		return 0, fail
	}
	// The magnitude may reach 2^63 (for math.MinInt64); beyond that the
	// value is out of range whatever the bounds.
	var mag uint64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, fail
		}
		if mag > (1<<63)/10 {
			return 0, fail
		}
		mag = mag*10 + uint64(c-'0')
		if mag > 1<<63 {
			return 0, fail
		}
	}
	var v int64
	switch {
	case neg && mag == 1<<63:
		v = math.MinInt64
	case neg:
		v = -int64(mag)
	case mag > math.MaxInt64:
		return 0, fail
	default:
		v = int64(mag)
	}
	if v < int64(lo) || v > int64(hi) {
		return 0, fail
	}
	return T(v), nil
}

// intFlag is the flag.Value of [IntVar].
type intFlag[T Integer] struct {
	p      *T
	lo, hi T
}

func (f *intFlag[T]) String() string {
	if f == nil || f.p == nil {
		return "0"
	}
	return strconv.FormatInt(int64(*f.p), 10)
}

func (f *intFlag[T]) Set(s string) error {
	v, err := ParseInt(s, f.lo, f.hi)
	if err != nil {
		return err
	}
	*f.p = v
	return nil
}

// IntVar defines an integer flag on fs, stored in *p (set to value first),
// whose text must pass [ParseInt] with the bounds lo..hi. A bad value makes
// fs.Parse fail with "invalid value "+3" for flag -name: want a decimal
// integer in lo..hi".
func IntVar[T Integer](fs *flag.FlagSet, p *T, name string, value, lo, hi T, usage string) {
	*p = value
	fs.Var(&intFlag[T]{p: p, lo: lo, hi: hi}, name, usage)
}

// MaxQuote is the number of bytes of offending text an error message
// quotes at most.
const MaxQuote = 32

// Quote returns s for an error message: at most its first [MaxQuote] bytes
// (cut before a character that would not fit), as a Go string literal in
// which every non-printable byte or character is escaped, followed by "…"
// when s was cut. A UTF-8 byte order mark reads "\ufeff"; invalid UTF-8
// bytes read "\xef". The result is short and one line, whatever s holds.
func Quote[S ~string | ~[]byte](s S) string {
	if len(s) <= MaxQuote {
		return strconv.Quote(string(s))
	}
	cut := MaxQuote
	for k := 0; k < utf8.UTFMax-1 && cut > 0 && !utf8.RuneStart(s[cut]); k++ {
		cut--
	}
	if !utf8.RuneStart(s[cut]) {
		cut = MaxQuote // not UTF-8 anyway: cut at the byte limit
	}
	return strconv.Quote(string(s[:cut])) + "…"
}

// SameFile reports whether the paths a and b name the same file: by
// [os.SameFile] when both exist, else by their cleaned absolute paths.
func SameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// DistinctOutput returns an error when output names the same file as one
// of inputs (see [SameFile]), so that a program never overwrites the file
// it reads: "output X is the input file Y".
func DistinctOutput(output string, inputs ...string) error {
	for _, in := range inputs {
		if SameFile(output, in) {
			if in == output {
				return fmt.Errorf("output %s is also the input file", output)
			}
			return fmt.Errorf("output %s is the input file %s", output, in)
		}
	}
	return nil
}

// IsSet reports whether the flag called name was given on the command line
// parsed by fs.
func IsSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// OrList writes words as a list for messages: "a, b or c" ("a" alone).
func OrList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// RunStdin is the whole of a graded program that takes no arguments, reads
// its input on stdin and prints answer(input): -h prints usage on stdout
// and returns 0; an argument, an unreadable stdin, more than maxInput bytes
// (0: no bound) or an error of answer prints "name: ..." on stderr and
// returns 2, with nothing on stdout; a failure to write stdout returns 1.
func RunStdin(name, usage string, maxInput int64, answer func(input []byte) (string, error),
	args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usage)
			return 0
		}
		fmt.Fprintf(stderr, "%s: %v (%s)\n", name, err, usage)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q (%s)\n", name, fs.Arg(0), usage)
		return 2
	}
	r := stdin
	if maxInput > 0 {
		r = io.LimitReader(stdin, maxInput+1)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot read input: %v\n", name, err)
		return 2
	}
	if maxInput > 0 && int64(len(data)) > maxInput {
		fmt.Fprintf(stderr, "%s: stdin: over %s\n", name, sizeText(maxInput))
		return 2
	}
	out, err := answer(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 2
	}
	if _, err := io.WriteString(stdout, out); err != nil {
		fmt.Fprintf(stderr, "%s: cannot write output: %v\n", name, err)
		return 1
	}
	return 0
}

// sizeText writes n bytes as "N MiB" when it is a whole number of MiB.
func sizeText(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
