package check

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readTree returns every file under dir by relative path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[rel], err = os.ReadFile(path)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// gen runs "gamesearch gen" and fails the test unless it succeeds.
func runGen(t *testing.T, args ...string) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := Gen(families, args, &out, &errb); code != 0 {
		t.Fatalf("gen %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
	}
}

// TestGenIdenticalAndPasses: for every exact program, gen writes the same
// bytes twice for a seed, in the course's layout, another seed gives another
// set, and our program passes check -cases on the set (10 cases: two-digit
// folder names for Star/Circle).
func TestGenIdenticalAndPasses(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	for _, p := range allPrograms(t) {
		if !p.Exact {
			continue
		}
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			flags := []string{"-n", "10"}
			cmd := []string{filepath.Join(bin, p.Name)}
			if p.Batch {
				flags = append(flags, "-rules", "2022")
				cmd = append(cmd, "-rules", "2022")
			}
			a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
			runGen(t, append([]string{p.Name, "-o", a, "-seed", "7"}, flags...)...)
			runGen(t, append([]string{p.Name, "-o", b, "-seed", "7"}, flags...)...)
			runGen(t, append([]string{p.Name, "-o", c, "-seed", "8"}, flags...)...)
			ta, tb := readTree(t, a), readTree(t, b)
			if len(ta) != len(tb) {
				t.Fatalf("%d files, then %d", len(ta), len(tb))
			}
			for name, data := range ta {
				if !bytes.Equal(data, tb[name]) {
					t.Fatalf("%s differs between two runs with the same seed", name)
				}
			}
			differ := false
			for name, data := range readTree(t, c) {
				differ = differ || name != "README.txt" && !bytes.Equal(data, ta[name])
			}
			if !differ {
				t.Fatal("seeds 7 and 8 give the same cases")
			}
			switch p.Family.Title {
			case "Congo":
				in := strings.Split(string(ta[p.Name+".in"]), "\n")
				if in[0] != "10" || len(SplitLines(string(ta[p.Name+".out"]))) == 0 {
					t.Fatalf("%s.in starts %q; want N = 10 and an .out file", p.Name, in[0])
				}
			case "Morris":
				rows := SplitLines(string(ta["cases.tsv"]))
				if rows[0] != "program\tboard_kind\tdepth\tinput\toutput_board\tevaluated\testimate\tsource" || len(rows) != 11 {
					t.Fatalf("cases.tsv: header %q and %d lines; want the corpus header and 10 rows", rows[0], len(rows))
				}
			case "Star/Circle":
				if _, ok := ta[filepath.Join("01", "input.txt")]; !ok {
					t.Fatalf("no 01/input.txt in %v", len(ta))
				}
				if _, ok := ta[filepath.Join("10", "output.txt")]; !ok {
					t.Fatal("no 10/output.txt")
				}
			}
			// The program is run by its absolute path and reads no file of
			// the submission: an empty -dir spares each case's run
			// directory the links to the entries of this package's folder.
			args := append([]string{p.Name, "-cases", a, "-dir", t.TempDir()}, flags...)
			code, rep := runCheck(t, append(append(args, "--"), cmd...)...)
			if code != 0 || rep.Passed != 10 || rep.Total != 10 {
				t.Fatalf("check -cases: exit %d, %d/%d passed: %s", code, rep.Passed, rep.Total, rep.firstFailure())
			}
		})
	}
}
