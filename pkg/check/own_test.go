package check

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestOwnProgramsPass: every graded program of the repository, built with
// go build and run as a submission, passes check on every suite (the
// corpora of its edition or board, and random cases) with the default time
// limits. -n is lowered to 5 random cases to keep the test short (the
// public suites run whole; TestGenIdenticalAndPasses checks each exact
// program on 10 more random cases); docs/check.md has the full default run.
func TestOwnProgramsPass(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	// The programs are run by their absolute paths and read no file of the
	// submission: an empty -dir spares each case's run directory the links
	// to the entries of this package's folder.
	empty := t.TempDir()
	type run struct {
		prog  string
		flags []string
		cmd   []string
	}
	var runs []run
	for _, p := range allPrograms(t) {
		if !p.Batch {
			continue
		}
		for _, rules := range []string{"2021", "2022"} {
			runs = append(runs, run{p.Name, []string{"-rules", rules}, []string{p.Name, "-rules", rules}})
		}
	}
	for _, piece := range []string{"lion", "zebra", "elephant", "pawn"} {
		runs = append(runs, run{"congo-moves", []string{"-rules", "2021", "-piece", piece}, []string{"congo-moves", "-piece", piece}})
	}
	for _, piece := range []string{"lion", "zebra", "giraffe", "pawn", "superpawn"} {
		runs = append(runs, run{"congo-moves", []string{"-rules", "2022", "-piece", piece}, []string{"congo-moves", "-piece", piece}})
	}
	for _, p := range []string{"MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame", "MiniMaxOpeningBlack",
		"MiniMaxGameBlack", "MiniMaxOpeningImproved", "MiniMaxGameImproved"} {
		runs = append(runs, run{p, nil, []string{p}})
	}
	runs = append(runs,
		run{"ABGame", []string{"-board", "B21"}, []string{"ABGame", "-board", "B21"}},
		run{"MiniMaxGameBlack", []string{"-board", "E21"}, []string{"MiniMaxGameBlack"}},
		run{"starcircle", nil, []string{"starcircle"}},
		run{"starcircle", []string{"-suite", "extra"}, []string{"starcircle"}},
		run{"MiniMaxOpening", []string{"-suite", "extra"}, []string{"MiniMaxOpening"}},
		run{"ABOpening", []string{"-suite", "extra", "-board", "E21"}, []string{"ABOpening"}},
		// The suites check legal replies, not strong ones: 10 ms a move.
		run{"player", nil, []string{"minichess-submission", "-time", "10ms"}},
		run{"player", nil, []string{"minichess-alphabeta", "-depth", "3"}},
		run{"player", nil, []string{"baseline4"}},
		run{"congo-agent", []string{"-rules", "2021", "-n", "4"}, []string{"congo-agent", "-rules", "2021", "-depth", "2"}},
		run{"congo-agent", []string{"-rules", "2022", "-n", "4"}, []string{"congo-agent", "-depth", "2"}},
	)
	for _, r := range runs {
		name := strings.Join(append([]string{r.prog}, r.flags...), " ")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{r.prog, "-n", "5", "-dir", empty}, r.flags...)
			args = append(append(args, "--", filepath.Join(bin, r.cmd[0])), r.cmd[1:]...)
			code, rep := runCheck(t, args...)
			if code != 0 || rep.Passed != rep.Total {
				t.Fatalf("exit %d, %d/%d passed; first failure: %s", code, rep.Passed, rep.Total, rep.firstFailure())
			}
			if slices.Contains(r.flags, "extra") {
				if rep.Score != maxScore || len(rep.Suites) != 1 || rep.Suites[0].Total == 0 {
					t.Fatalf("score %v, suites %+v: want 100 and the extra suite", rep.Score, rep.Suites)
				}
				return
			}
			if rep.Score != maxScore || len(rep.Suites) != 2 || rep.Suites[1].Total == 0 {
				t.Fatalf("score %v, suites %+v: want 100 and a public and a random suite", rep.Score, rep.Suites)
			}
			if rep.Suites[0].Total == 0 {
				t.Fatalf("the public suite has no cases")
			}
		})
	}
}
