package check

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
)

// report is the outcome of one check of one submission.
type report struct {
	Program     string        `json:"program"`
	Command     string        `json:"command"`
	Settings    string        `json:"settings"`
	Limits      string        `json:"limits"`
	Sandbox     string        `json:"sandbox"`
	Suites      []suiteResult `json:"suites"`
	Passed      int           `json:"passed"`
	Total       int           `json:"total"`
	Score       float64       `json:"score"`
	MaxScore    float64       `json:"max_score"`
	Failures    []failure     `json:"failures"`
	LikelyCause string        `json:"likely_cause,omitempty"`
	Coverage    string        `json:"coverage,omitempty"`
	Warnings    []string      `json:"warnings,omitempty"`
	// NotRun counts the cases not run because the time budget was spent;
	// NotRunNote says so for a person.
	NotRun     int    `json:"not_run,omitempty"`
	NotRunNote string `json:"not_run_note,omitempty"`
	// The failed cases that ran, by kind: Wrong answers, cases TooSlow
	// (stopped at the time limit; SlowRight of them answered right when
	// run again with more time) and Crashes.
	Wrong     int `json:"wrong_answers"`
	TooSlow   int `json:"too_slow"`
	SlowRight int `json:"too_slow_but_right"`
	Crashes   int `json:"crashes"`
	// Runs counts the runs of a program that answers one case a run,
	// RunsCPU their CPU time and StartCPU the quickest run's, about what
	// starting the program costs (0 for a batch program).
	Runs     int     `json:"runs,omitempty"`
	RunsCPU  float64 `json:"runs_cpu_seconds,omitempty"`
	StartCPU float64 `json:"start_cpu_seconds,omitempty"`
	// prog is the program checked, for the explorer lines.
	prog *Program
	// cut tells that failures within -max were left out to keep the
	// report within maxReport.
	cut bool
}

// suiteResult is one suite's tally and points.
type suiteResult struct {
	Name      string  `json:"name"`
	Passed    int     `json:"passed"`
	Total     int     `json:"total"`
	NotRun    int     `json:"not_run,omitempty"`
	ChosenOf  int     `json:"chosen_of,omitempty"`
	Points    float64 `json:"points"`
	MaxPoints float64 `json:"max_points"`
}

// failure is one reported failed case.
type failure struct {
	Suite    string `json:"suite"`
	Case     string `json:"case"`
	Input    string `json:"input"`
	Expected string `json:"expected,omitempty"`
	Actual   string `json:"actual"`
	Problem  string `json:"problem"`
	Shrunk   string `json:"shrunk,omitempty"`
}

// maxScore is the score of a submission that passes everything; it is split
// equally among the suites that have cases.
const maxScore = 100

// newReport tallies results (in suite order, settled by a keeper) and the
// cases not run (per suite) into a report with at most maxFail failures
// shown, as many as fit in maxReport.
func newReport(o *Options, c *Command, suites []*suite, results [][]*Result, notRun []int, maxFail int) *report {
	rep := &report{prog: o.Prog, Program: o.Prog.Name, Command: c.String(), Settings: settings(o), Limits: limits(o), Sandbox: sandboxLine(o), MaxScore: maxScore,
		Failures: []failure{}}
	var all []*Result
	nonEmpty := 0
	for _, s := range suites {
		if s.cases() > 0 {
			nonEmpty++
		}
	}
	var warn [NumWarnings]int
	var slowest *Result
	for i, s := range suites {
		sr := suiteResult{Name: s.name, ChosenOf: s.of}
		for _, r := range results[i] {
			r.Suite = s.name
			sr.Total++
			if !r.Passed {
				rep.count(r)
			}
			if r.Passed {
				sr.Passed++
			} else if len(rep.Failures) < maxFail {
				f := failure{Suite: s.name, Case: r.Name, Input: r.Input, Expected: r.Expected, Actual: r.Actual, Problem: r.Problem}
				if r.Shrink != nil {
					f.Shrunk = r.Shrink()
				}
				rep.Failures = append(rep.Failures, f)
			}
			for w := Warning(0); w < NumWarnings; w++ {
				if r.Warn&(1<<w) != 0 {
					warn[w]++
				}
			}
			if r.Warn&(1<<WarnSlow) != 0 && r.Run != nil && (slowest == nil || r.Run.Cpu*slowest.Run.Limit > slowest.Run.Cpu*r.Run.Limit) {
				slowest = r
			}
			if r.Run != nil && !o.Prog.Batch {
				cpu := r.Run.Cpu.Seconds()
				if rep.Runs == 0 || cpu < rep.StartCPU {
					rep.StartCPU = cpu
				}
				rep.Runs++
				rep.RunsCPU += cpu
			}
			all = append(all, r)
		}
		sr.NotRun = notRun[i]
		sr.Total += sr.NotRun
		rep.NotRun += sr.NotRun
		if sr.Total > 0 {
			sr.MaxPoints = round2(maxScore / float64(nonEmpty))
			sr.Points = round2(sr.MaxPoints * float64(sr.Passed) / float64(sr.Total))
		}
		rep.Suites = append(rep.Suites, sr)
		rep.Passed += sr.Passed
		rep.Total += sr.Total
		rep.Score += sr.Points
	}
	rep.Score = round2(rep.Score)
	if rep.Passed == rep.Total && rep.Total > 0 {
		rep.Score = maxScore
	}
	for w := Warning(0); w < NumWarnings; w++ {
		if warn[w] == 0 {
			continue
		}
		text := fmt.Sprintf("%s (%d of %d cases)", warningText[w], warn[w], rep.Total)
		if w == WarnSlow && slowest != nil {
			rr := slowest.Run
			text += fmt.Sprintf("; the slowest, %s %s, used %s of CPU time of its %s, %s of wall-clock time",
				slowest.Suite, slowest.Name, Secs(rr.Cpu), Secs(rr.Limit), Secs(rr.Wall))
		}
		rep.Warnings = append(rep.Warnings, text)
	}
	rep.LikelyCause = LikelyCause(all)
	if rep.NotRun > 0 {
		rep.NotRunNote = fmt.Sprintf("%s: %d of the %d cases were not run, the runs having used the -budget of %s; they count as failures",
			notRunProblem, rep.NotRun, rep.Total, o.Budget)
		if rep.LikelyCause == "" {
			rep.LikelyCause = budgetCause
		}
	}
	for i, s := range suites {
		if s.name == "random" {
			rep.Coverage = coverage(results[i])
		}
	}
	rep.fit()
	return rep
}

// count counts the failure r by its kind: a case not answered before the
// time limit, a crash, or a wrong answer.
func (rep *report) count(r *Result) {
	var s CauseSet
	if r.Causes != nil {
		s = r.Causes()
	}
	switch {
	case s&timeCauses != 0:
		rep.TooSlow++
		if s.Has(CauseSlowRight) {
			rep.SlowRight++
		}
	case s&stopCauses != 0:
		rep.Crashes++
	default:
		rep.Wrong++
	}
}

// kinds says how many failures of each kind there are ("" when none).
func (rep *report) kinds() string {
	if rep.Wrong+rep.TooSlow+rep.Crashes == 0 {
		return ""
	}
	slow := fmt.Sprintf("%d too slow", rep.TooSlow)
	if rep.SlowRight > 0 {
		slow += fmt.Sprintf(" (%d of them right with more time)", rep.SlowRight)
	}
	s := fmt.Sprintf("failed: %d wrong answers, %s, %d crashes", rep.Wrong, slow, rep.Crashes)
	if rep.NotRun > 0 {
		s += fmt.Sprintf(", %d not run", rep.NotRun)
	}
	return s
}

// notRunProblem says why cases were not run.
const notRunProblem = "not run: time budget spent"

// budgetCause is the likely cause when every case that ran passed and the
// budget left the others not run.
const budgetCause = "time budget spent: every case that ran passed, but the runs used the whole -budget " +
	"before the others could run — the program is too slow for the budget (raise -budget)"

// maxReport is the most bytes one report takes, as text and as JSON:
// failures are shown in full, in order, as long as they fit.
const maxReport = 1 << 20

// maxField is the most bytes an input, an expected or actual output or a
// shrunk case of a failure takes in a report, and maxProblem the most its
// problem line takes; what is longer is clipped, saying how much is left
// out.
const (
	maxField   = 16 << 10
	maxProblem = 4 << 10
)

// fit leaves out the failures, from the last, that would make the text or
// the JSON report longer than maxReport.
func (rep *report) fit() {
	all := rep.Failures
	rep.Failures = []failure{}
	// The rest of the report, and room for the line counting the failures
	// not shown.
	text, js := len(rep.text())+200, len(rep.jsonText())+200
	for _, f := range all {
		data, _ := json.Marshal(f)
		// Indented, each of its 7 fields takes 8 bytes more, the braces 12.
		text, js = text+len(rep.failureText(f)), js+len(data)+100
		if text > maxReport || js > maxReport {
			rep.cut = true
			return
		}
		rep.Failures = append(rep.Failures, f)
	}
}

// featureNames says what each feature cause means in the coverage line.
var featureNames = []struct {
	c    Cause
	what string
}{
	{CauseBlack, "Black to move"},
	{CausePromotion, "depend on the promotion rule"},
	{CausePass, "meet a pass"},
	{CauseStack, "meet a stack on the last row"},
	{CauseMill, "close a mill in the search"},
	{CauseBlocked, "meet a side without a move"},
}

// coverage says how many random cases have each rule feature the
// diagnosis knows ("" for a game without such features).
func coverage(results []*Result) string {
	var n [NumCauses]int
	var seen CauseSet
	for _, r := range results {
		if r.Features == nil {
			continue
		}
		f := r.Features()
		seen |= f
		for _, fn := range featureNames {
			if f.Has(fn.c) {
				n[fn.c]++
			}
		}
	}
	if seen == 0 {
		return ""
	}
	var parts []string
	for _, fn := range featureNames {
		if n[fn.c] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[fn.c], fn.what))
		}
	}
	return fmt.Sprintf("of the %d random cases, %s", len(results), strings.Join(parts, ", "))
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// settings describes the options of a check that applied: the program's
// game options, the suites, the random cases' number and seed when they
// ran, the -cases set, the time limit and the time budget.
func settings(o *Options) string {
	parts := gameSettings(o)
	var suites []string
	for _, n := range suiteNames {
		switch {
		case o.Chosen && n == "public":
			suites = append(suites, "default")
		case o.Chosen && n == "random":
		case o.Runs(n):
			suites = append(suites, n)
		}
	}
	if len(suites) > 0 {
		parts = append(parts, "-suite "+strings.Join(suites, ","))
	}
	if o.Runs("random") {
		parts = append(parts, fmt.Sprintf("-n %d -seed %d", o.N, o.Seed))
	}
	if o.Cases != "" {
		parts = append(parts, "-cases "+o.Cases)
	}
	parts = append(parts, "-timeout "+o.Timeout.String())
	if o.StartupSet {
		parts = append(parts, "-startup "+o.Startup.String())
	}
	if o.Budget > 0 {
		parts = append(parts, "-budget "+o.Budget.String())
	}
	return strings.Join(parts, " ")
}

// limits describes the time limits of a check for the report: the
// family's words, or the program's CPU-time limits.
func limits(o *Options) string {
	if f := o.Prog.Family.Limits; f != nil {
		return f(o)
	}
	what := "CPU time"
	if o.Prog.WallClock {
		what = "wall-clock time"
	}
	s := fmt.Sprintf("%s per case %s", what, Secs(o.Timeout))
	if !o.TimeoutSet && o.Prog.PerWork > 0 {
		s += fmt.Sprintf(" + %s per %s the reference makes", o.Prog.PerWork, o.Prog.WorkUnit)
	}
	if o.Prog.Batch {
		s += fmt.Sprintf(", times the cases of a batch, + %s for start-up", Secs(o.startup()))
	}
	if !o.Prog.WallClock {
		s += "; a run also stops at 3× its limit + 5 s of wall-clock time, or after 10 s without using CPU"
	}
	return s
}

// caseSettings describes the options that decide the random cases.
func caseSettings(o *Options) string {
	parts := append(gameSettings(o), fmt.Sprintf("-n %d -seed %d", o.N, o.Seed))
	return strings.Join(parts, " ")
}

// gameSettings are the flags of the game's conventions (the family's
// settings: an edition, a board, a piece).
func gameSettings(o *Options) []string {
	if f := o.Prog.Family.Settings; f != nil {
		return f(o)
	}
	return nil
}

// ok reports whether every case passed.
func (rep *report) ok() bool { return rep.Passed == rep.Total }

// firstFailure is a one-line summary of the first failure ("" if none).
func (rep *report) firstFailure() string {
	if len(rep.Failures) == 0 {
		if rep.NotRun > 0 {
			return fmt.Sprintf("%s (%d cases)", notRunProblem, rep.NotRun)
		}
		return ""
	}
	f := rep.Failures[0]
	in := strings.ReplaceAll(strings.TrimSuffix(f.Input, "\n"), "\n", " / ")
	return f.Suite + " " + f.Case + ": " + f.Problem + "; input: " + Clip(in, 300)
}

// text renders the report for a person.
func (rep *report) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "gamesearch check %s %s\ncommand: %s\nlimits: %s\nsandbox: %s\n", rep.Program, rep.Settings, rep.Command, rep.Limits, rep.Sandbox)
	for _, s := range rep.Suites {
		if s.Total == 0 {
			fmt.Fprintf(&b, "%-7s no cases for this program and edition\n", s.Name)
			continue
		}
		fmt.Fprintf(&b, "%-7s %d/%d passed", s.Name, s.Passed, s.Total)
		if s.ChosenOf > 0 {
			fmt.Fprintf(&b, " (chosen of %d; -suite full runs them all)", s.ChosenOf)
		}
		if s.NotRun > 0 {
			fmt.Fprintf(&b, ", %d not run", s.NotRun)
		}
		b.WriteString("\n")
	}
	for _, f := range rep.Failures {
		b.WriteString(rep.failureText(f))
	}
	switch n := rep.Total - rep.Passed - rep.NotRun - len(rep.Failures); {
	case n > 0 && rep.cut:
		fmt.Fprintf(&b, "\n(%d more failures not shown: a report is kept within 1 MiB)\n", n)
	case n > 0:
		fmt.Fprintf(&b, "\n(%d more failures not shown; -max N shows more)\n", n)
	}
	b.WriteString("\n")
	if rep.NotRunNote != "" {
		fmt.Fprintf(&b, "%s\n", rep.NotRunNote)
	}
	if k := rep.kinds(); k != "" {
		fmt.Fprintf(&b, "%s\n", k)
	}
	if rep.LikelyCause != "" {
		fmt.Fprintf(&b, "likely cause: %s\n", rep.LikelyCause)
	}
	if rep.Coverage != "" {
		fmt.Fprintf(&b, "coverage: %s\n", rep.Coverage)
	}
	if l := rep.runsLine(); l != "" {
		fmt.Fprintf(&b, "runs: %s\n", l)
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	verdict := "PASS"
	if !rep.ok() {
		verdict = "FAIL"
	}
	fmt.Fprintf(&b, "%d/%d cases passed, score %s/%d: %s\n", rep.Passed, rep.Total, fmtScore(rep.Score), maxScore, verdict)
	return b.String()
}

// runsLine says what the runs of a program that answers one case a run
// cost, and how much of it is starting the program: its quickest run
// times the runs ("" for a batch program, or fewer than two runs).
func (rep *report) runsLine() string {
	if rep.Runs < 2 {
		return ""
	}
	start := rep.StartCPU * float64(rep.Runs)
	return fmt.Sprintf("%d runs of the program, %s of CPU time; one run per case, each start costs about %s (its quickest run), %s in all",
		rep.Runs, secs(rep.RunsCPU), secs(rep.StartCPU), secs(start))
}

// secs prints a number of seconds as Secs does.
func secs(s float64) string { return Secs(time.Duration(s * float64(time.Second))) }

// failureText renders one failure for the text report.
func (rep *report) failureText(f failure) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nFAIL %s %s: %s\n", f.Suite, f.Case, f.Problem)
	fmt.Fprintf(&b, "  input:\n%s\n", indent(f.Input, "    "))
	if f.Expected != "" {
		fmt.Fprintf(&b, "  expected:\n%s\n", indent(f.Expected, "    "))
	}
	fmt.Fprintf(&b, "  actual:\n%s\n", indent(f.Actual, "    "))
	if f.Shrunk != "" {
		fmt.Fprintf(&b, "  shrunk case:\n%s\n", indent(f.Shrunk, "    "))
	}
	if line := exploreLine(rep.prog, rep.Settings, f.Input); line != "" {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	return b.String()
}

// fmtScore prints a score with at most two decimals.
func fmtScore(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// jsonText renders the report as JSON.
func (rep *report) jsonText() string {
	data, _ := json.MarshalIndent(rep, "", "  ")
	return string(data) + "\n"
}

// gradescope is Gradescope's results.json.
type gradescope struct {
	Score            float64          `json:"score"`
	Output           string           `json:"output,omitempty"`
	StdoutVisibility string           `json:"stdout_visibility"`
	Tests            []gradescopeTest `json:"tests"`
}

// gradescopeTest is one test of results.json: one per suite.
type gradescopeTest struct {
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
	MaxScore float64 `json:"max_score"`
	Status   string  `json:"status"`
	Output   string  `json:"output"`
	// Visibility: the public suite is shown at once, the hidden cases
	// (random, a -cases set, extra) once the grades are published.
	Visibility string `json:"visibility"`
}

// gradescopeText renders the report as Gradescope's results.json: one test
// per suite with cases, worth its share of 100 points, scored by the share
// of cases passed.
func (rep *report) gradescopeText() string {
	g := gradescope{Score: rep.Score, StdoutVisibility: "hidden", Tests: []gradescopeTest{}}
	var out []string
	if rep.NotRunNote != "" {
		out = append(out, rep.NotRunNote)
	}
	if k := rep.kinds(); k != "" {
		out = append(out, k)
	}
	if rep.LikelyCause != "" {
		out = append(out, "likely cause: "+rep.LikelyCause)
	}
	for _, w := range rep.Warnings {
		out = append(out, "warning: "+w)
	}
	g.Output = strings.Join(out, "\n")
	for _, s := range rep.Suites {
		if s.Total == 0 {
			continue
		}
		t := gradescopeTest{Name: fmt.Sprintf("%s: %s suite", rep.Program, s.Name), Score: s.Points,
			MaxScore: s.MaxPoints, Status: "passed", Visibility: "after_published"}
		if s.Name == "public" {
			t.Visibility = "visible"
		}
		if s.Passed < s.Total {
			t.Status = "failed"
		}
		lines := []string{fmt.Sprintf("%d/%d cases passed", s.Passed, s.Total)}
		if s.NotRun > 0 {
			lines[0] += fmt.Sprintf(", %d %s", s.NotRun, notRunProblem)
		}
		for _, f := range rep.Failures {
			if f.Suite == s.Name {
				lines = append(lines, fmt.Sprintf("FAIL %s: %s", f.Case, f.Problem),
					"  input: "+strings.ReplaceAll(strings.TrimSuffix(f.Input, "\n"), "\n", "\n  "))
				if f.Shrunk != "" {
					lines = append(lines, "  shrunk case: "+strings.ReplaceAll(f.Shrunk, "\n", "\n  "))
				}
			}
		}
		t.Output = strings.Join(lines, "\n")
		g.Tests = append(g.Tests, t)
	}
	data, _ := json.MarshalIndent(g, "", "  ")
	return string(data) + "\n"
}
