package morris

// This file holds the command-line and file-system side of the programs
// (docs/morris.md §2); the rest of the package does no I/O.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/cliutil"
)

// usageError is a command-line mistake: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// Run executes program p with the command-line arguments args (without the
// program name) as docs/morris.md §2.8 describes, and returns the exit status:
// 0 on success (and for -h), 2 for bad arguments or input or an unwritable
// output, 1 when stdout cannot be written. stdin is not read.
func (p Program) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	_ = stdin
	fail := func(status int, format string, a ...any) int {
		msg := fmt.Sprintf(format, a...)
		msg = strings.ReplaceAll(msg, "\n", " ")
		fmt.Fprintf(stderr, "%s: %s\n", p.Name, msg)
		return status
	}
	start := time.Now()
	usage := fmt.Sprintf("usage: %s [-board %s] INPUT OUTPUT DEPTH", p.Name, KindChoices())
	timed := p.Estimator == Improved
	if timed {
		usage = p.timedUsage()
	}

	fset := flag.NewFlagSet(p.Name, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	boardFlag := fset.String("board", "", "board kind: "+KindList()+" (default: chosen by the input length)")
	var tf timedFlags
	if timed {
		tf.register(fset, p.Phase)
	}
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "%s\n\n%s reads a Morris-Variant board from INPUT, searches DEPTH plies and writes\nthe chosen board to OUTPUT. Boards: S22 (22 letters, default), E21 (21),\nF18 (18), D23 (23); B21 and U21 (21 letters) only with -board B21 or\n-board U21.\n", usage, p.Name)
			if timed {
				fmt.Fprint(stderr, timedHelp)
			}
			return 0
		}
		return fail(2, "%s (%v)", usage, err)
	}
	if timed {
		if msg := tf.check(fset); msg != "" {
			return fail(2, "%s", msg)
		}
	}
	pos := fset.Args()
	if tf.on && (len(pos) == 2) {
		pos = append(pos, "")
	}
	if len(pos) != 3 {
		return fail(2, "%s (got %d arguments)", usage, len(pos))
	}
	input, output, depthArg := pos[0], pos[1], pos[2]

	var kind Kind
	forced := false
	visited := false
	fset.Visit(func(f *flag.Flag) { visited = visited || f.Name == "board" })
	if visited {
		k, ok := ParseKind(*boardFlag)
		if !ok {
			return fail(2, "-board %q: unknown board (want %s)", *boardFlag, KindList())
		}
		kind, forced = k, true
	}
	depth, err := cliutil.ParseInt(depthArg, 1, math.MaxInt)
	if err != nil && !(tf.on && depthArg == "") {
		return fail(2, "depth %s: %v", cliutil.Quote(depthArg), err)
	}

	data, err := readInput(input)
	if err != nil {
		return fail(2, "%s: cannot read: %v", input, err)
	}
	position, kind, err := ParseBoard(data, kind, forced)
	if err != nil {
		return fail(2, "%s: %v", input, err)
	}

	perm, err := atomicfile.Prepare(output)
	if err != nil {
		return fail(2, "%s: cannot write: %v", output, err)
	}

	b := BoardOf(kind)
	var res Result
	if tf.on {
		if tf.left > b.Pieces {
			return fail(2, "-left %d: board %s has %d pieces per side", tf.left, kind, b.Pieces)
		}
		res = tf.think(p, b, position, depth, start)
	} else {
		res = NewProgramSearcher(p, b).Search(position, depth)
	}

	var line [MaxPoints + 1]byte
	out := append(res.Board.AppendFormat(line[:0], b.N), '\n')
	if err := atomicfile.WriteFile(output, out, perm); err != nil {
		return fail(2, "%s: cannot write: %v", output, atomicfile.Cause(err))
	}
	var sb bytes.Buffer
	fmt.Fprintf(&sb, "Board Position: %s\n", out[:b.N])
	fmt.Fprintf(&sb, "Positions evaluated by static estimation: %d.\n", res.Evaluated)
	fmt.Fprintf(&sb, "MINIMAX estimate: %d.\n", res.Estimate)
	if _, err := stdout.Write(sb.Bytes()); err != nil {
		return fail(1, "cannot write standard output: %v", err)
	}
	return 0
}

// ParseDepth parses a DEPTH argument: one or more ASCII digits, value ≥ 1
// that fits an int (docs/morris.md §2.4), by the rule of [cliutil.ParseInt].
func ParseDepth(s string) (int, bool) {
	d, err := cliutil.ParseInt(s, 1, math.MaxInt)
	return d, err == nil
}

// readInput reads the whole input file, refusing directories and files over
// [MaxInputSize] bytes without parsing them.
func readInput(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, atomicfile.Cause(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, atomicfile.Cause(err)
	}
	if st.IsDir() {
		return nil, errors.New("is a directory")
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxInputSize+1))
	if err != nil {
		return nil, atomicfile.Cause(err)
	}
	if len(data) > MaxInputSize {
		return nil, fmt.Errorf("larger than %d bytes", MaxInputSize)
	}
	return data, nil
}
