package report

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

// usage is the help text of minichess-report.
const usage = `usage: minichess-report [flags]
Writes the MiniChess design report, running every measurement it quotes
(about 30 s of CPU at the default budgets). Flags:
  -o FILE                 the report (default docs/minichess/report.md; - for stdout)
  -root DIR               the sources the code excerpts are read from (default .)
  -template FILE          the template (default docs/minichess/report.md.tmpl)
  -strength FILE          output of scripts/minichess-strength.sh (default
                          docs/minichess/strength.md; missing: "not run")
  -features FILE          the self-play tables (default docs/engine/minichess.md)
  -nodes N                node budget per move of the matches (default 20000)
  -required1-nodes N      node budget per move of the baseline games (default 200000)
  -baseline4-openings N   random openings of the baseline4 match (default 50)
`

// Run is the command minichess-report: args without the program name; the
// result is the exit status: 0 success, 1 failure while measuring or
// writing, 2 bad arguments or a missing template (one line on stderr,
// before any measurement). The report is written atomically.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minichess-report", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "docs/minichess/report.md", "")
	c := Config{Progress: stderr}
	fs.StringVar(&c.Root, "root", ".", "")
	fs.StringVar(&c.Template, "template", "docs/minichess/report.md.tmpl", "")
	fs.StringVar(&c.Strength, "strength", "docs/minichess/strength.md", "")
	fs.StringVar(&c.Features, "features", "docs/engine/minichess.md", "")
	fs.Uint64Var(&c.Nodes, "nodes", 20000, "")
	fs.Uint64Var(&c.Required1Nodes, "required1-nodes", 200000, "")
	fs.IntVar(&c.Baseline4Openings, "baseline4-openings", 50, "")
	fail := func(code int, format string, a ...any) int {
		msg := fmt.Sprintf(format, a...)
		fmt.Fprintf(stderr, "minichess-report: %s\n", strings.ReplaceAll(msg, "\n", " "))
		return code
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, usage)
			return 0
		}
		return fail(2, "%v (-h for usage)", err)
	}
	switch {
	case fs.NArg() != 0:
		return fail(2, "unexpected argument %q (-h for usage)", fs.Arg(0))
	case c.Nodes == 0 || c.Nodes > 1e9:
		return fail(2, "-nodes %d: want 1 to 1000000000", c.Nodes)
	case c.Required1Nodes == 0 || c.Required1Nodes > 1e10:
		return fail(2, "-required1-nodes %d: want 1 to 10000000000", c.Required1Nodes)
	case c.Baseline4Openings < 1 || c.Baseline4Openings > 10000:
		return fail(2, "-baseline4-openings %d: want 1 to 10000", c.Baseline4Openings)
	case *out == "":
		return fail(2, "-o: empty file name")
	}
	if _, err := os.Stat(c.Template); err != nil {
		return fail(2, "-template: %v", err)
	}
	var b bytes.Buffer
	if err := Write(c, &b); err != nil {
		return fail(1, "%v", err)
	}
	if *out == "-" {
		if _, err := stdout.Write(b.Bytes()); err != nil {
			return fail(1, "cannot write standard output: %v", err)
		}
		return 0
	}
	if err := atomicfile.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		return fail(1, "%v", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return 0
}
