package check

// This file is check -batch: one CSV row per submission folder.

import (
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

// runBatch checks every subfolder of dir as a submission: its -dir, with
// "{}" in argv standing for its path; it writes one CSV row per submission.
func runBatch(o *Options, argv []string, suites []*suite, dir string, jobs int, outName string, stdout io.Writer) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return usagef("-batch %s: %v", dir, atomicfile.Cause(err))
	}
	var subs []string
	for _, e := range entries {
		if e.IsDir() {
			subs = append(subs, e.Name())
		}
	}
	if len(subs) == 0 {
		return usagef("-batch %s: no submission folders in it (one folder per submission)", dir)
	}
	sort.Strings(subs)
	total := 0
	for _, s := range suites {
		total += s.cases()
	}
	rows := make([][]string, len(subs))
	allOK := true
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, jobs)
	for i, name := range subs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			path, _ := filepath.Abs(filepath.Join(dir, name))
			sub := make([]string, len(argv))
			for j, a := range argv {
				sub[j] = strings.ReplaceAll(a, "{}", path)
			}
			row := []string{name, "0", strconv.Itoa(total), "0", ""}
			c, err := newCommand(sub, path)
			var rep *report
			if err == nil {
				c.Box = o.Box
				err = guardShown(c, o.Cases)
			}
			if err == nil {
				rep, err = checkOne(o, c, suites, 1, false)
			}
			ok := false
			if err != nil {
				row[4] = err.Error()
			} else {
				row[1], row[3], row[4] = strconv.Itoa(rep.Passed), fmtScore(rep.Score), rep.firstFailure()
				ok = rep.ok()
			}
			mu.Lock()
			rows[i] = row
			allOK = allOK && ok
			mu.Unlock()
		}()
	}
	wg.Wait()
	if interrupted.Load() {
		return errInterrupted
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.Write([]string{"name", "passed", "total", "score", "first_failure"})
	w.WriteAll(csvSafeRows(rows))
	if err := writeOut(outName, b.String(), stdout); err != nil {
		return err
	}
	if !allOK {
		return failedError{}
	}
	return nil
}
