package starcircle

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/cliutil"
)

// Run is the program starcircle: it reads the input file (default
// input.txt), searches, and writes the output file (default output.txt)
// atomically. Arguments: [-i INPUT] [-o OUTPUT]; "-" names stdin or stdout.
// Bad input or usage, an output that is the input file and an output that
// cannot be written (checked before the search) print one line on stderr
// and return 2, leaving the output file untouched; a failure to write
// stdout returns 1.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("starcircle", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	in := fs.String("i", "input.txt", "input file (- for stdin)")
	out := fs.String("o", "output.txt", "output file (- for stdout)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: starcircle [-i input.txt] [-o output.txt]  (- is stdin/stdout)")
			return 0
		}
		fmt.Fprintf(stderr, "starcircle: %v (usage: starcircle [-i input] [-o output])\n", err)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "starcircle: unexpected argument %q (usage: starcircle [-i input] [-o output])\n", fs.Arg(0))
		return 2
	}
	if *out != "-" && *in != "-" {
		if err := cliutil.DistinctOutput(*out, *in); err != nil {
			fmt.Fprintf(stderr, "starcircle: %v\n", err)
			return 2
		}
	}
	var data []byte
	var err error
	if *in == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(*in)
	}
	if err != nil {
		fmt.Fprintf(stderr, "starcircle: cannot read input: %v\n", err)
		return 2
	}
	p, err := Parse(data)
	if err != nil {
		name := *in
		if name == "-" {
			name = "stdin"
		}
		fmt.Fprintf(stderr, "starcircle: %s: %v\n", name, err)
		return 2
	}
	perm := os.FileMode(0o644)
	if *out != "-" {
		if perm, err = atomicfile.Prepare(*out); err != nil {
			fmt.Fprintf(stderr, "starcircle: cannot write output %s: %v\n", *out, err)
			return 2
		}
	}
	text := Solve(p).Format(p.Scale)
	if *out == "-" {
		if _, err := io.WriteString(stdout, text); err != nil {
			fmt.Fprintf(stderr, "starcircle: cannot write output: %v\n", err)
			return 1
		}
		return 0
	}
	if err := atomicfile.WriteFile(*out, []byte(text), perm); err != nil {
		fmt.Fprintf(stderr, "starcircle: cannot write output %s: %v\n", *out, atomicfile.Cause(err))
		return 2
	}
	return 0
}
