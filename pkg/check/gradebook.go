package check

// This file is grade's OUTDIR: the gradebook written as each student is
// graded, and the state file that lets a stopped run be resumed.

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

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
