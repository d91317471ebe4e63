package check

// gamesearch grade: a class's submissions in, a gradebook out. Each
// submission (a folder or a .zip of sources) is unpacked into a private
// folder, built as its language is built in the course, and checked; each
// student's results go to OUTDIR as soon as they are known (their reports,
// their row of grades.csv, index.html), and OUTDIR's state file lets a run
// that was stopped be resumed.

import (
	"archive/zip"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
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
		return gradeOneToGradescope(o, suites, pos[1], *gsFile, *sf.max, stdout)
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
			row := gradeOne(o, suites, sub, filepath.Join(work, strconv.Itoa(i)), *sf.max, nil)
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
				kept+done, len(subs), book.failing(), left.Round(time.Second), sub.student, row.summary())
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

// summary is a row's short result for the progress line.
func (r *gradeRow) summary() string {
	if r.Build != "ok" {
		return r.Build
	}
	return fmt.Sprintf("%d/%d, score %s", r.Passed, r.Total, fmtScore(r.Score))
}

// passing reports whether the student passed every case.
func (r *gradeRow) passing() bool { return r.Total > 0 && r.Passed == r.Total }

// gradeStateFile is the file in OUTDIR that records what grade did there.
const gradeStateFile = ".gamesearch-grade.json"

// gradeState is what gradeStateFile holds: the program and the settings
// of the gradebook, and the row of every student graded so far.
type gradeState struct {
	Program  string      `json:"program"`
	Settings string      `json:"settings"`
	Students []*gradeRow `json:"students"`
}

// gradebook is OUTDIR while grade writes it: at every moment it holds the
// complete gradebook of the students graded so far.
type gradebook struct {
	dir   string
	o     *Options
	state gradeState
}

// openGradebook checks OUTDIR before anything is graded: a new or empty
// folder, or one an earlier grade of the same program and settings wrote,
// whose students are kept.
func openGradebook(dir string, o *Options, maxFail int) (*gradebook, error) {
	b := &gradebook{dir: dir, o: o, state: gradeState{Program: o.Prog.Name, Settings: gradeSettings(o, maxFail), Students: []*gradeRow{}}}
	st, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return b, nil
	case err != nil:
		return nil, usagef("-o %s: %v", dir, atomicfile.Cause(err))
	case !st.IsDir():
		return nil, usagef("-o %s: exists and is not a folder", dir)
	}
	data, err := os.ReadFile(filepath.Join(dir, gradeStateFile))
	if errors.Is(err, fs.ErrNotExist) {
		if err := newFolder(dir, "grade writes its gradebook"); err != nil {
			return nil, err
		}
		return b, nil
	}
	if err != nil {
		return nil, usagef("-o %s: %s: %v", dir, gradeStateFile, atomicfile.Cause(err))
	}
	var prev gradeState
	if err := json.Unmarshal(data, &prev); err != nil || prev.Program == "" || !validRows(prev.Students) {
		return nil, usagef("-o %s: its %s is not one grade wrote: remove the folder or name another", dir, gradeStateFile)
	}
	if prev.Program != b.state.Program {
		return nil, usagef("-o %s: holds the grades of %s, not of %s: name another folder", dir, prev.Program, b.state.Program)
	}
	if prev.Settings != b.state.Settings {
		return nil, usagef("-o %s: graded with %q, not %q: resume it with the same flags or name another folder",
			dir, prev.Settings, b.state.Settings)
	}
	b.state.Students = prev.Students
	return b, nil
}

// gradeSettings is what a resumed gradebook must have been graded with:
// the check's settings, the corpus when not the built-in one, -max and
// the sandbox's flags.
func gradeSettings(o *Options, maxFail int) string {
	s := settings(o)
	if o.Corpus.fsys != nil && o.Corpus.name != embeddedCorpus().name {
		s += " -corpus " + o.Corpus.name
	}
	size := func(n int64) string { return strings.Replace(Bytes(n), " ", "", 1) }
	s += fmt.Sprintf(" -max %d -memory %s -procs %d -disk %s", maxFail, size(o.Box.Memory), o.Box.Procs, size(o.Box.Disk))
	if o.NoSandbox {
		s += " -no-sandbox"
	}
	return s
}

// validRows reports whether the rows of a state file are whole: each names
// its entry once and a folder grade could have chosen.
func validRows(rows []*gradeRow) bool {
	entries, folders := map[string]bool{}, map[string]bool{}
	for _, r := range rows {
		if r == nil || r.Entry == "" || entries[r.Entry] || folderName(r.Folder) != r.Folder || reservedName[strings.ToLower(r.Folder)] ||
			folders[strings.ToLower(r.Folder)] {
			return false
		}
		entries[r.Entry], folders[strings.ToLower(r.Folder)] = true, true
	}
	return true
}

// reservedName are the names in OUTDIR that are not students' folders.
var reservedName = map[string]bool{"index.html": true, "grades.csv": true}

// safeName keeps a student's folder name to letters, digits, '.', '-' and
// '_'.
var safeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// folderName is the folder in OUTDIR of a student's name, before it is
// made unique.
func folderName(student string) string {
	if out := strings.Trim(safeName.ReplaceAllString(student, "_"), "._"); out != "" {
		return out
	}
	return "student"
}

// assign returns the submissions the gradebook does not hold yet, each
// with its own folder in OUTDIR.
func (b *gradebook) assign(subs []submission) []submission {
	kept := map[string]bool{}
	used := map[string]bool{}
	for name := range reservedName {
		used[name] = true
	}
	for _, r := range b.state.Students {
		kept[r.Entry], used[strings.ToLower(r.Folder)] = true, true
	}
	var todo []submission
	for _, s := range subs {
		if kept[s.entry] {
			continue
		}
		base := folderName(s.student)
		s.out = base
		for k := 2; used[strings.ToLower(s.out)]; k++ {
			s.out = base + "_" + strconv.Itoa(k)
		}
		used[strings.ToLower(s.out)] = true
		todo = append(todo, s)
	}
	return todo
}

// create makes OUTDIR, when new, and writes its state, grades.csv and
// index.html.
func (b *gradebook) create() error {
	if err := os.MkdirAll(b.dir, 0o755); err != nil {
		return atomicfile.Cause(err)
	}
	return b.save()
}

// add writes a graded student's reports and adds their row to the
// gradebook.
func (b *gradebook) add(r *gradeRow) error {
	dir, err := b.studentFolder(r.Folder)
	if err != nil {
		return err
	}
	text, js := r.Build+"\n", ""
	if r.rep != nil {
		text, js = r.rep.text(), r.rep.jsonText()
	} else {
		data, _ := json.MarshalIndent(r, "", "  ")
		js = string(data) + "\n"
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "report.txt"), []byte(text), 0o644); err != nil {
		return atomicfile.Cause(err)
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "report.json"), []byte(js), 0o644); err != nil {
		return atomicfile.Cause(err)
	}
	rows := append(b.state.Students, r)
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].Student != rows[j].Student {
			return rows[i].Student < rows[j].Student
		}
		return rows[i].Entry < rows[j].Entry
	})
	b.state.Students = rows
	return b.save()
}

// studentFolder returns the student's folder in OUTDIR, made a folder of
// its own: whatever else holds the name (a file, a link) is removed.
func (b *gradebook) studentFolder(name string) (string, error) {
	p := filepath.Join(b.dir, name)
	err := os.Mkdir(p, 0o755)
	if errors.Is(err, fs.ErrExist) {
		if st, lerr := os.Lstat(p); lerr == nil && st.IsDir() {
			return p, nil
		}
		if err = os.Remove(p); err == nil {
			err = os.Mkdir(p, 0o755)
		}
	}
	return p, atomicfile.Cause(err)
}

// save writes the state file, grades.csv and index.html, each replaced
// whole.
func (b *gradebook) save() error {
	state, err := json.MarshalIndent(b.state, "", "  ")
	if err != nil {
		return err
	}
	rows := [][]string{{"student", "language", "build", "passed", "total", "score", "time", "likely_cause", "first_failure"}}
	for _, r := range b.state.Students {
		rows = append(rows, []string{r.Student, r.Language, r.Build, strconv.Itoa(r.Passed), strconv.Itoa(r.Total),
			fmtScore(r.Score), strconv.FormatFloat(r.Seconds, 'f', 1, 64), r.Cause, r.FirstFailure})
	}
	var csvText strings.Builder
	w := csv.NewWriter(&csvText)
	w.WriteAll(csvSafeRows(rows))
	page, err := gradePage(b.o, b.state.Students)
	if err != nil {
		return err
	}
	for _, f := range []File{{gradeStateFile, append(state, '\n')}, {"grades.csv", []byte(csvText.String())}, {"index.html", page}} {
		if err := atomicfile.WriteFile(filepath.Join(b.dir, f.Name), f.Data, 0o644); err != nil {
			return atomicfile.Cause(err)
		}
	}
	return nil
}

// failing counts the students of the gradebook who did not pass every
// case.
func (b *gradebook) failing() int {
	n := 0
	for _, r := range b.state.Students {
		if !r.passing() {
			n++
		}
	}
	return n
}

// listSubmissions lists the entries of SUBMISSIONS: a folder, or a .zip
// holding the students' folders or zips, split into one zip per student
// in work (splitClassZip). Warnings go to warn.
func listSubmissions(src, work string, warn io.Writer) ([]submission, error) {
	st, err := os.Stat(src)
	if err != nil {
		return nil, usagef("%s: %v", src, atomicfile.Cause(err))
	}
	var subs []submission
	switch {
	case st.IsDir():
		subs, err = listFolder(src)
	case strings.EqualFold(filepath.Ext(src), ".zip"):
		subs, err = splitClassZip(src, work, warn)
	default:
		return nil, usagef("%s: want a folder of submissions or a .zip holding them", src)
	}
	if err != nil {
		return nil, err
	}
	if len(subs) == 0 {
		return nil, usagef("%s: no submissions in it (one folder or .zip per student)", src)
	}
	sort.Slice(subs, func(i, j int) bool {
		if subs[i].student != subs[j].student {
			return subs[i].student < subs[j].student
		}
		return subs[i].entry < subs[j].entry
	})
	return subs, nil
}

// listFolder lists the students' folders and zips in the folder src.
func listFolder(src string) ([]submission, error) {
	entries, err := os.ReadDir(src)
	if err != nil {
		return nil, usagef("%s: %v", src, atomicfile.Cause(err))
	}
	var subs []submission
	for _, e := range entries {
		name := e.Name()
		if hiddenEntry(name) {
			continue
		}
		s := submission{entry: name, student: name, path: filepath.Join(src, name)}
		switch {
		case e.IsDir():
		case strings.EqualFold(filepath.Ext(name), ".zip"):
			s.zip, s.student = true, strings.TrimSuffix(name, filepath.Ext(name))
		default:
			continue
		}
		subs = append(subs, s)
	}
	return subs, nil
}

// hiddenEntry reports whether an entry of SUBMISSIONS is no student's:
// a hidden file, or the __MACOSX folder of a zip made on a Mac.
func hiddenEntry(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "__MACOSX")
}

// classEntry is an entry of a class zip under a student's entry.
type classEntry struct {
	f *zip.File
	// rest is its path under the student's entry (empty for the entry
	// itself); dir is set for a folder entry.
	rest []string
	dir  bool
}

// splitClassZip reads a class's export, a zip holding the students'
// folders or zips (in one top folder or not), and writes each student's
// entries into a zip of their own in work, copied as they are: the rules
// of unpackZip (no link, no name that escapes, the limits) then refuse
// that student only, as for any zip. An entry is the student's whose
// entry (folder or zip) its first name under the top folder names; an
// entry in no student's folder (an absolute name, ../x) is skipped with a
// warning, a loose file that is no zip is no submission.
func splitClassZip(src, work string, warn io.Writer) ([]submission, error) {
	zr, err := zip.OpenReader(src)
	if err != nil {
		return nil, usagef("%s: not a readable zip file: %v", src, err)
	}
	defer zr.Close()
	names := make([][]string, len(zr.File))
	for i, f := range zr.File {
		names[i] = entryPath(f.Name)
	}
	top := classTop(zr.File, names)
	groups := map[string][]classEntry{}
	var keys []string
	for i, f := range zr.File {
		p := names[i]
		if top != "" && len(p) > 0 && p[0] == top {
			p = p[1:]
		}
		switch {
		case p == nil || len(p) > 0 && (p[0] == ".." || strings.Contains(p[0], ":")):
			fmt.Fprintf(warn, "grade: warning: %s: skipped entry %s, which is in no student's folder\n", src, quoteName(f.Name))
			continue
		case len(p) == 0 || hiddenEntry(p[0]):
			continue
		}
		if groups[p[0]] == nil {
			keys = append(keys, p[0])
		}
		groups[p[0]] = append(groups[p[0]], classEntry{f, p[1:], zipDir(f)})
	}
	sort.Strings(keys)
	if err := os.Mkdir(filepath.Join(work, "class"), 0o755); err != nil {
		return nil, err
	}
	var subs []submission
	for i, key := range keys {
		s := submission{entry: key, student: key, path: filepath.Join(work, "class", strconv.Itoa(i)+".zip"), zip: true}
		var file *zip.File
		var err error
		tree := false
		for _, e := range groups[key] {
			if len(e.rest) == 0 && !e.dir {
				file = e.f
			} else {
				tree = true
			}
		}
		switch {
		case tree && file != nil:
			s.refused = fmt.Errorf("%w: entry %s is both a file and a folder", errRefused, quoteName(key))
		case tree:
			err = studentZip(s.path, groups[key])
		case !strings.EqualFold(path.Ext(key), ".zip"):
			continue // a loose file: no submission
		default:
			s.student = strings.TrimSuffix(key, path.Ext(key))
			err = extractEntry(file, key, s.path)
		}
		if errors.Is(err, errRefused) {
			s.refused, err = err, nil
		}
		if err != nil {
			return nil, err
		}
		subs = append(subs, s)
	}
	return subs, nil
}

// entryPath splits a zip entry's name into its names, without "." and
// empty ones; nil for an absolute name.
func entryPath(name string) []string {
	name = strings.ReplaceAll(name, "\\", "/")
	if path.IsAbs(name) {
		return nil
	}
	p := []string{}
	for _, part := range strings.Split(name, "/") {
		if part != "" && part != "." {
			p = append(p, part)
		}
	}
	return p
}

// zipDir reports whether a zip entry is a folder.
func zipDir(f *zip.File) bool {
	return f.Mode().IsDir() || strings.HasSuffix(strings.ReplaceAll(f.Name, "\\", "/"), "/")
}

// classTop returns the folder that holds the whole class in a class zip
// (an LMS export of one folder), or "" when the students are at its top:
// the first name of every entry but hidden and unattributable ones, when
// it is one folder's.
func classTop(files []*zip.File, names [][]string) string {
	top := ""
	for i, p := range names {
		if len(p) == 0 || p[0] == ".." || strings.Contains(p[0], ":") || hiddenEntry(p[0]) {
			continue
		}
		if len(p) == 1 && !zipDir(files[i]) || top != "" && p[0] != top {
			return ""
		}
		top = p[0]
	}
	return top
}

// studentZip writes a student's entries of a class zip, named under their
// folder and copied without unpacking, as the zip dst. A damaged entry
// refuses the student.
func studentZip(dst string, entries []classEntry) error {
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(out)
	for _, e := range entries {
		if len(e.rest) == 0 {
			continue // the student's folder itself
		}
		h := e.f.FileHeader
		h.Name = strings.Join(e.rest, "/")
		if strings.HasSuffix(strings.ReplaceAll(e.f.Name, "\\", "/"), "/") {
			h.Name += "/"
		}
		if err := copyRaw(zw, &h, e.f); err != nil {
			out.Close()
			return fmt.Errorf("%w: entry %s: %v", errRefused, quoteName(e.f.Name), err)
		}
	}
	if err := zw.Close(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// copyRaw copies the entry f, as stored, into zw under the header h.
func copyRaw(zw *zip.Writer, h *zip.FileHeader, f *zip.File) error {
	w, err := zw.CreateRaw(h)
	if err != nil {
		return err
	}
	r, err := f.OpenRaw()
	if err != nil {
		return err
	}
	_, err = io.Copy(w, r)
	return err
}

// extractEntry unpacks a student's zip, the entry f of the class zip, into
// the file dst, refusing a link or one over maxSubmissionBytes; messages
// call it name.
func extractEntry(f *zip.File, name, dst string) error {
	mode := f.Mode()
	switch {
	case mode&fs.ModeSymlink != 0:
		return fmt.Errorf("%w: entry %s is a symbolic link", errRefused, quoteName(name))
	case !mode.IsRegular():
		return fmt.Errorf("%w: entry %s is not a regular file", errRefused, quoteName(name))
	case f.UncompressedSize64 > maxSubmissionBytes:
		return fmt.Errorf("%w: entry %s holds %d bytes, more than %d", errRefused, quoteName(name), f.UncompressedSize64, maxSubmissionBytes)
	}
	rc, err := f.Open()
	if err != nil {
		return fmt.Errorf("%w: entry %s: %v", errRefused, quoteName(name), err)
	}
	defer rc.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	// The sizes in the zip's directory may lie: count what comes out.
	n, err := io.Copy(out, io.LimitReader(rc, maxSubmissionBytes+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	switch {
	case err != nil:
		return fmt.Errorf("%w: entry %s: %v", errRefused, quoteName(name), err)
	case n > maxSubmissionBytes:
		return fmt.Errorf("%w: entry %s unpacks to more than %d bytes", errRefused, quoteName(name), maxSubmissionBytes)
	}
	return nil
}

// inner returns the one folder dir holds when it holds nothing else, else
// dir: an unpacked archive of one folder.
func inner(dir string) string {
	if entries, _ := os.ReadDir(dir); len(entries) == 1 && entries[0].IsDir() {
		return filepath.Join(dir, entries[0].Name())
	}
	return dir
}

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
		var onSuite func(int, [][]*Result)
		if suiteDone != nil {
			onSuite = func(done int, results [][]*Result) {
				suiteDone(newReport(o, c, suites, results, maxFail, false), done)
			}
		}
		var results [][]*Result
		if results, err = runSuites(o, c, suites, onSuite); err == nil {
			row.rep = newReport(o, c, suites, results, maxFail, true)
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

// runSuites runs every case of the suites with command c, in order; after
// each suite, suiteDone (when not nil) gets how many suites are done and
// the results so far.
func runSuites(o *Options, c *Command, suites []*suite, suiteDone func(done int, results [][]*Result)) ([][]*Result, error) {
	results := make([][]*Result, len(suites))
	for i, s := range suites {
		for _, u := range s.units {
			rs, err := u.Run(c, o)
			if err != nil {
				return nil, err
			}
			if interrupted.Load() {
				return nil, errInterrupted
			}
			results[i] = append(results[i], rs...)
		}
		if suiteDone != nil {
			suiteDone(i+1, results)
		}
	}
	return results, nil
}

// gradeOneToGradescope builds and checks the one submission in dir and
// writes Gradescope's results.json to name: the check's suites as tests, or
// one failed test saying why the submission could not be built. After each
// suite it writes the results so far, so that a run stopped at Gradescope's
// time limit still shows what passed.
func gradeOneToGradescope(o *Options, suites []*suite, dir, name string, maxFail int, stdout io.Writer) error {
	if err := graderFolder(filepath.Dir(name)); err != nil {
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
// own with mode 0755: where results.json goes, which only the grader
// writes.
func graderFolder(dir string) error {
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
	return atomicfile.Cause(os.Chmod(dir, 0o755))
}
