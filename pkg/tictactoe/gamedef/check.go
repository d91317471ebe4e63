package gamedef

import (
	"fmt"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
)

// minimaxCheck is tictactoe-minimax for check, gen and grade: the board on
// stdin, stdout (the square, the node count) compared with the reference's
// byte for byte but for line ends.
var minimaxCheck = &check.Family{
	Title: "Tic-tac-toe",
	Programs: []*check.Program{{Name: tictactoe.ProgramName, Exact: true, PerCase: 5 * time.Second,
		About: "Tic-tac-toe: a board on stdin, the best square and the node count out"}},
	Public: func(o *check.Options) ([]check.Unit, error) { return readCases(o.Corpus, "tictactoe") },
	Random: func(_ *check.Options, n int, seed uint64) ([]check.Unit, error) {
		units := make([]check.Unit, n)
		r := match.NewRand(seed)
		for i := range units {
			in := tictactoe.RandomInput(r.Uint64())
			want, err := tictactoe.Reference(in)
			if err != nil {
				return nil, fmt.Errorf("random case %d: %v", i+1, err)
			}
			units[i] = &tttCase{name: fmt.Sprintf("#%d", i+1), input: in, want: want}
		}
		return units, nil
	},
	ReadSet: func(o *check.Options) ([]check.Unit, error) { return readCases(check.DirFiles(o.Cases), ".") },
	SetFiles: func(_ *check.Options, units []check.Unit) []check.File {
		var files []check.File
		width := len(strconv.Itoa(len(units)))
		for i, u := range units {
			c := u.(*tttCase)
			name := fmt.Sprintf("%0*d", width, i+1)
			files = append(files, check.File{Name: name + ".in", Data: c.input}, check.File{Name: name + ".out", Data: []byte(c.want)})
		}
		return files
	},
	Explore: func(_ *check.Program, _, input string) url.Values { return check.ExploreInput(input, "stdin:\n") },
}

// tttCase is one board and the reference's stdout.
type tttCase struct {
	name  string
	input []byte
	want  string
}

// readCases reads the NAME.in and NAME.out pairs of folder dir of f, in
// name order.
func readCases(f check.Files, dir string) ([]check.Unit, error) {
	entries, err := f.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".in"); ok && !e.IsDir() {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var units []check.Unit
	for _, n := range names {
		in, err := f.Read(path.Join(dir, n+".in"))
		if err != nil {
			return nil, err
		}
		out, err := f.Read(path.Join(dir, n+".out"))
		if err != nil {
			return nil, fmt.Errorf("%s.in has no %s.out: %v", n, n, err)
		}
		units = append(units, &tttCase{name: n, input: in, want: string(out)})
	}
	return units, nil
}

// Size is one case.
func (tc *tttCase) Size() int { return 1 }

// Run runs the program on the board and compares its stdout.
func (tc *tttCase) Run(c *check.Command, o *check.Options) ([]*check.Result, error) {
	rr, err := c.Run(check.RunSpec{Stdin: tc.input, Limit: o.Limit(1, 0)})
	if err != nil {
		return nil, err
	}
	want := check.SplitLines(tc.want)
	got, warn := check.Normalize(rr.Stdout, true)
	r := &check.Result{Name: tc.name, Input: "stdin:\n" + check.ShowBytes(tc.input), Expected: tc.want,
		Actual: string(rr.Stdout), Warn: warn, Run: rr}
	if strings.Join(got, "\n") == strings.Join(want, "\n") && !rr.TimedOut && !rr.Crashed() {
		r.Passed = true
		return []*check.Result{r}, nil
	}
	r.Problem = check.RunNote(rr, check.FirstDiff(want, got, "stdout", 1))
	r.Causes = check.Memo(func() check.CauseSet { return check.RunCauses(rr, want, got, nil) })
	return []*check.Result{r}, nil
}
