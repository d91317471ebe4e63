package check

// gamesearch grade: a class's submissions in, a gradebook out. Each
// submission (a folder or a .zip of sources) is unpacked into a private
// folder, built as its language is built in the course, and checked; each
// student's results go to OUTDIR as soon as they are known (their reports,
// their row of grades.csv, index.html), and OUTDIR's state file lets a run
// that was stopped be resumed.

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/sandbox"
)

const gradeUsage = "grade PROGRAM [check flags] [-j N] [-o OUTDIR] SUBMISSIONS"

const gradeNotes = `Grades a class: SUBMISSIONS is a folder whose entries are the students'
folders or .zip files (or one .zip holding them, as an LMS exports them). Each
is unpacked into a private folder (entries that escape it, links and oversized
archives are refused for that student), built as the course expects (run.sh;
make; javac; g++ -O2 -std=c++17; gcc -O2; python3 PROGRAM.py or the one .py
with a main guard) and checked as gamesearch check would. OUTDIR receives
grades.csv, STUDENT/report.txt, STUDENT/report.json and index.html, updated as
each student is graded. OUTDIR must be new or empty, or an earlier grade's of
the same PROGRAM and flags: that run is resumed, its students kept. Exit
status: 0 every student passed, 1 some did not, 2 usage error. See
docs/check.md.

`

// Grade is "gamesearch grade"; args are the arguments after "grade". It
// writes the gradebook and returns the exit status: 0 when every student
// passed, 1 when one did not, 2 for a usage error, 130 when interrupted.
func Grade(fams []*Family, args []string, stdout, stderr io.Writer) int {
	interrupted.Store(false)
	return exitCode("grade", grade(fams, args, stdout, stderr), stderr)
}

// submission is one student's entry in SUBMISSIONS.
type submission struct {
	entry   string // its name in SUBMISSIONS: a folder, or NAME.zip
	student string // the entry's name without .zip
	path    string
	zip     bool
	// refused, when not nil, refuses the student without unpacking: their
	// entry of a class zip could not be taken out of it.
	refused error
	// out is the student's folder name in OUTDIR.
	out string
}

// gradeRow is one student's line of the gradebook.
type gradeRow struct {
	Student      string  `json:"student"`
	Entry        string  `json:"entry"`
	Folder       string  `json:"folder"`
	Language     string  `json:"language"`
	Build        string  `json:"build"`
	Passed       int     `json:"passed"`
	Total        int     `json:"total"`
	Score        float64 `json:"score"`
	Seconds      float64 `json:"seconds"`
	Cause        string  `json:"likely_cause"`
	FirstFailure string  `json:"first_failure"`
	rep          *report
}

func grade(fams []*Family, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	sf := registerSuiteFlags(fs, false, fams)
	jobs := fs.Int("j", 1, "grade `N` submissions at a time")
	outDir := fs.String("o", "grades", "the `OUTDIR` to write (new or empty), or to resume (an earlier grade's)")
	gsFile := fs.String("gradescope", "", "SUBMISSIONS is one submission: write Gradescope's results.json to `FILE` (the autograder bundle's run_autograder does)")
	pos, err := parseFlags(fs, args, stdout, gradeUsage, gradeNotes+programList(fams, false))
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("want PROGRAM and SUBMISSIONS, got %d arguments (usage: gamesearch %s)", len(pos), gradeUsage)
	}
	o, err := sf.options(fs, pos[0])
	if err != nil {
		return err
	}
	if *jobs < 1 {
		return usagef("-j %d: want at least 1", *jobs)
	}
	if err := sf.sb.apply(o, true, stderr, "grade"); err != nil {
		return err
	}
	if *gsFile != "" {
		if st, err := os.Stat(pos[1]); err != nil || !st.IsDir() {
			return usagef("%s: not a folder", pos[1])
		}
		suites, err := buildSuites(o)
		if err != nil {
			return err
		}
		if err := guardUID(o, o.Cases); err != nil {
			return err
		}
		return gradeOneToGradescope(o, suites, pos[1], *gsFile, *sf.max, stdout)
	}
	if err := guardUID(o, pos[1], o.Cases); err != nil {
		return err
	}
	book, err := openGradebook(*outDir, o, *sf.max)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "gamesearch-grade-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	subs, err := listSubmissions(pos[1], work, stderr)
	if err != nil {
		return err
	}
	suites, err := buildSuites(o)
	if err != nil {
		return err
	}
	todo := book.assign(subs)
	if err := book.create(); err != nil {
		return fmt.Errorf("-o %s: %v", *outDir, err)
	}
	if o.Box.Mode == sandbox.UID {
		// File modes alone keep the students' uids out of the gradebook.
		if err := os.Chmod(*outDir, 0o700); err != nil {
			return fmt.Errorf("-o %s: %v", *outDir, err)
		}
	}
	kept := len(subs) - len(todo)
	if kept > 0 {
		fmt.Fprintf(stderr, "grade: %d of the %d submissions were graded by an earlier run into %s: grading the other %d\n",
			kept, len(subs), *outDir, len(todo))
	}
	stop := watchSignals()
	defer stop()
	var mu sync.Mutex
	var wg sync.WaitGroup
	var werr error
	sem := make(chan struct{}, *jobs)
	began := time.Now()
	done := 0
	for i, sub := range todo {
		sem <- struct{}{}
		mu.Lock()
		failed := werr != nil
		mu.Unlock()
		if failed || interrupted.Load() {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			// Each student's programs run as a uid of their own (when
			// grade runs as root): the sandbox's slot.
			so := *o
			so.Box.Slot = i
			row := gradeOne(&so, suites, sub, filepath.Join(work, strconv.Itoa(i)), *sf.max, nil)
			if interrupted.Load() {
				return // stopped midway: the next run grades them
			}
			mu.Lock()
			defer mu.Unlock()
			if werr != nil {
				return
			}
			if werr = book.add(row); werr != nil {
				return
			}
			done++
			left := time.Duration(float64(time.Since(began)) / float64(done) * float64(len(todo)-done))
			fmt.Fprintf(stderr, "grade: %d/%d done, %d not passing, about %s left (%s: %s)\n",
				kept+done, len(subs), book.failing(), left.Round(time.Second), printable(sub.student), printable(row.summary()))
		}()
	}
	wg.Wait()
	if werr != nil {
		return fmt.Errorf("-o %s: %v", *outDir, werr)
	}
	if interrupted.Load() {
		fmt.Fprintf(stderr, "grade: %d of the %d submissions are graded in %s: the same command grades the rest\n",
			kept+done, len(subs), *outDir)
		return errInterrupted
	}
	rows, failing := book.state.Students, book.failing()
	fmt.Fprintf(stdout, "graded %d submissions of %s: %d passed every case; %s\n", len(rows), o.Prog.Name,
		len(rows)-failing, filepath.Join(*outDir, "index.html"))
	if failing > 0 {
		return failedError{}
	}
	return nil
}

// printable escapes what a terminal would obey or misdraw in s (a
// student's folder name, a compiler's error line): control and format
// characters (an escape sequence, a right-to-left override) and invalid
// UTF-8.
func printable(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// summary is a row's short result for the progress line.
func (r *gradeRow) summary() string {
	if r.Build != "ok" {
		return r.Build
	}
	return fmt.Sprintf("%d/%d, score %s", r.Passed, r.Total, fmtScore(r.Score))
}

// passing reports whether the student passed every case.
func (r *gradeRow) passing() bool { return r.Total > 0 && r.Passed == r.Total }

// gradeOne unpacks, builds and checks one submission in the folder work.
// After each suite, suiteDone (when not nil) gets the report of the
// suites done so far (not shrunk) and their number.
func gradeOne(o *Options, suites []*suite, sub submission, work string, maxFail int, suiteDone func(partial *report, done int)) *gradeRow {
	row := &gradeRow{Student: sub.student, Entry: sub.entry, Folder: sub.out, Build: "ok"}
	began := time.Now()
	defer func() { row.Seconds = time.Since(began).Seconds() }()
	for _, s := range suites {
		row.Total += s.cases()
	}
	src := filepath.Join(work, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		row.Build = err.Error()
		return row
	}
	err := sub.refused
	if err == nil {
		if sub.zip {
			err = unpackZip(sub.path, src)
		} else {
			err = copyFolder(sub.path, src)
		}
	}
	if err == nil {
		// A zip of one folder holds the sources inside it.
		src = inner(src)
	}
	var b *built
	if err == nil {
		b, err = buildSubmission(src, o.Prog.Name, o.Box)
	}
	if err != nil {
		row.Build = err.Error()
		if !strings.HasPrefix(row.Build, "build failed") && !errors.Is(err, errRefused) {
			row.Build = "refused: " + row.Build
		}
		row.FirstFailure = row.Build
		return row
	}
	row.Language = b.lang
	c, err := newCommand(b.argv, b.dir)
	if err == nil {
		c.Box = o.Box
		var onSuite func(int, [][]*Result, []int)
		if suiteDone != nil {
			onSuite = func(done int, results [][]*Result, notRun []int) {
				suiteDone(newReport(o, c, suites, results, notRun, maxFail), done)
			}
		}
		var results [][]*Result
		var notRun []int
		if results, notRun, err = runSuites(o, c, suites, maxFail, true, onSuite); err == nil {
			row.rep = newReport(o, c, suites, results, notRun, maxFail)
		}
	}
	if err != nil {
		row.Build = "cannot start: " + err.Error()
		row.FirstFailure = row.Build
		return row
	}
	row.Passed, row.Score, row.Cause = row.rep.Passed, row.rep.Score, row.rep.LikelyCause
	row.FirstFailure = row.rep.firstFailure()
	return row
}

// gradeOneToGradescope builds and checks the one submission in dir and
// writes Gradescope's results.json to name: the check's suites as tests, or
// one failed test saying why the submission could not be built. After each
// suite it writes the results so far, so that a run stopped at Gradescope's
// time limit still shows what passed.
func gradeOneToGradescope(o *Options, suites []*suite, dir, name string, maxFail int, stdout io.Writer) error {
	if err := graderFolder(filepath.Dir(name), o.Box.Mode); err != nil {
		return usagef("-gradescope %s: %v", name, err)
	}
	if _, err := atomicfile.Replaceable(name); err != nil {
		return usagef("-gradescope %s: %v", name, err)
	}
	work, err := os.MkdirTemp("", "gamesearch-grade-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	stop := watchSignals()
	defer stop()
	var werr error
	partial := func(rep *report, done int) {
		if werr == nil {
			werr = writeOut(name, partialGradescopeText(rep, suites, done), stdout)
		}
	}
	row := gradeOne(o, suites, submission{student: "submission", entry: "submission", path: dir, out: "submission"}, work, maxFail, partial)
	if interrupted.Load() {
		return errInterrupted
	}
	if werr != nil {
		return werr
	}
	var text string
	if row.rep != nil {
		text = row.rep.gradescopeText()
	} else {
		g := gradescope{Score: 0, Output: row.Build, StdoutVisibility: "hidden", Tests: []gradescopeTest{{
			Name: o.Prog.Name + ": build", MaxScore: maxScore, Status: "failed", Output: row.Build, Visibility: "visible"}}}
		data, _ := json.MarshalIndent(g, "", "  ")
		text = string(data) + "\n"
	}
	if err := writeOut(name, text, stdout); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s\n", o.Prog.Name, row.summary())
	return nil
}

// notRun is the output of a suite in the results written while the check
// runs, until the suite is done.
const notRun = "not run: the autograder was stopped before this suite finished"

// partialGradescopeText is results.json once done of the suites are done:
// their tests, scored as in the end, and a failed test worth nothing for
// each suite still to run; the score is the sum of the tests' scores.
func partialGradescopeText(rep *report, suites []*suite, done int) string {
	if done == len(suites) {
		return rep.gradescopeText()
	}
	var g gradescope
	json.Unmarshal([]byte(rep.gradescopeText()), &g)
	g.Score = 0
	for _, t := range g.Tests {
		g.Score += t.Score
	}
	g.Score = round2(g.Score)
	nonEmpty := 0
	for _, s := range suites {
		if s.cases() > 0 {
			nonEmpty++
		}
	}
	for _, s := range suites[done:] {
		if s.cases() == 0 {
			continue
		}
		t := gradescopeTest{Name: fmt.Sprintf("%s: %s suite", rep.Program, s.name), MaxScore: round2(maxScore / float64(nonEmpty)),
			Status: "failed", Output: notRun, Visibility: "after_published"}
		if s.name == "public" {
			t.Visibility = "visible"
		}
		g.Tests = append(g.Tests, t)
	}
	data, _ := json.MarshalIndent(g, "", "  ")
	return string(data) + "\n"
}

// graderFolder makes dir (created when missing) a folder of the grader's
// own with mode 0755 (0700 in the uid sandbox, where file modes alone keep
// the students out): where results.json goes, which only the grader
// writes.
func graderFolder(dir string, mode sandbox.Mode) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return atomicfile.Cause(err)
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return atomicfile.Cause(err)
	}
	if !st.IsDir() {
		return errors.New("its folder is a link")
	}
	if s, ok := st.Sys().(*syscall.Stat_t); ok && int(s.Uid) != os.Geteuid() {
		if err := os.Lchown(dir, os.Geteuid(), os.Getegid()); err != nil {
			return fmt.Errorf("its folder belongs to user %d: %v", s.Uid, atomicfile.Cause(err))
		}
	}
	perm := os.FileMode(0o755)
	if mode == sandbox.UID {
		perm = 0o700
	}
	return atomicfile.Cause(os.Chmod(dir, perm))
}
