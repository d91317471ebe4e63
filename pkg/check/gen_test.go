package check

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/morris"
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
	if code := Gen(args, &out, &errb); code != 0 {
		t.Fatalf("gen %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
	}
}

// TestGenIdenticalAndPasses: for every exact program, gen writes the same
// bytes twice for a seed, in the course's layout, another seed gives another
// set, and our program passes check -cases on the set.
func TestGenIdenticalAndPasses(t *testing.T) {
	bin := ownBin(t)
	for _, p := range programs {
		if !p.exact {
			continue
		}
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			flags := []string{"-n", "25"}
			cmd := []string{filepath.Join(bin, p.name)}
			if p.family == famCongo {
				flags = append(flags, "-rules", "2022")
				cmd = append(cmd, "-rules", "2022")
			}
			a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
			runGen(t, append([]string{p.name, "-o", a, "-seed", "7"}, flags...)...)
			runGen(t, append([]string{p.name, "-o", b, "-seed", "7"}, flags...)...)
			runGen(t, append([]string{p.name, "-o", c, "-seed", "8"}, flags...)...)
			ta, tb := readTree(t, a), readTree(t, b)
			if len(ta) != len(tb) {
				t.Fatalf("%d files, then %d", len(ta), len(tb))
			}
			for name, data := range ta {
				if !bytes.Equal(data, tb[name]) {
					t.Fatalf("%s differs between two runs with the same seed", name)
				}
			}
			if other := readTree(t, c); bytes.Equal(other[layoutFile(p)], ta[layoutFile(p)]) {
				t.Fatalf("seeds 7 and 8 give the same %s", layoutFile(p))
			}
			switch p.family {
			case famCongo:
				in := strings.Split(string(ta[p.name+".in"]), "\n")
				if in[0] != "25" || len(SplitLines(string(ta[p.name+".out"]))) == 0 {
					t.Fatalf("%s.in starts %q; want N = 25 and an .out file", p.name, in[0])
				}
			case famMorris:
				rows := SplitLines(string(ta["cases.tsv"]))
				if rows[0] != morrisHeader || len(rows) != 26 {
					t.Fatalf("cases.tsv: header %q and %d lines; want the corpus header and 25 rows", rows[0], len(rows))
				}
			case famStarCircle:
				if _, ok := ta[filepath.Join("01", "input.txt")]; !ok {
					t.Fatalf("no 01/input.txt in %v", len(ta))
				}
				if _, ok := ta[filepath.Join("25", "output.txt")]; !ok {
					t.Fatal("no 25/output.txt")
				}
			}
			args := append([]string{p.name, "-cases", a}, flags...)
			code, rep := runCheck(t, append(append(args, "--"), cmd...)...)
			if code != 0 || rep.Passed != 25 || rep.Total != 25 {
				t.Fatalf("check -cases: exit %d, %d/%d passed: %s", code, rep.Passed, rep.Total, rep.firstFailure())
			}
		})
	}
}

// layoutFile is the main file of a program's gen set.
func layoutFile(p *programInfo) string {
	switch p.family {
	case famCongo:
		return p.name + ".in"
	case famMorris:
		return "cases.tsv"
	}
	return filepath.Join("01", "input.txt")
}

// TestRandomCasesCoverEdgeCases: the random cases reach the situations the
// corpora show: promotions, lion captures, drownings and Black to move in
// Congo; positions whose value depends on the edition; passes and stacks in
// Star/Circle; hopping in Morris.
func TestRandomCasesCoverEdgeCases(t *testing.T) {
	p, _ := findProgram("congo-move")
	u, err := congoRandom(&Options{Prog: p, Rules: congo.Edition2022}, 100, DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	var kinds [numMoveKinds]int
	black := 0
	for _, c := range u.cases {
		pos, _ := congo.ParseFEN(c.fen)
		m, _ := congo.ParseMove(c.move)
		for k := range kinds {
			if moveKind(&pos, m, k) {
				kinds[k]++
			}
		}
		if pos.Side == congo.Black {
			black++
		}
	}
	for k, n := range kinds {
		if n < 10 {
			t.Errorf("congo-move: %d cases of move kind %d in 100, want at least 10", n, k)
		}
	}
	if black < 30 || black > 70 {
		t.Errorf("congo-move: %d of 100 cases have Black to move", black)
	}

	p, _ = findProgram("congo-alphabeta")
	u, err = congoRandom(&Options{Prog: p, Rules: congo.Edition2022}, 100, DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	alt, err := u.reference(u.cases, congo.Edition2021)
	if err != nil {
		t.Fatal(err)
	}
	edition := 0
	for k := range u.cases {
		if strings.Join(alt[k], "\n") != strings.Join(u.cases[k].want, "\n") {
			edition++
		}
	}
	if edition == 0 {
		t.Error("congo-alphabeta: no random case depends on the promotion rule")
	}

	var pass, stack int
	scs, err := starcircleRandom(100, DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range scs {
		f := sc.features()
		if f.Has(CausePass) {
			pass++
		}
		if f.Has(CauseStack) {
			stack++
		}
	}
	if pass < 5 || stack < 5 || pass > 95 || stack > 95 {
		t.Errorf("starcircle: %d cases meet a pass and %d a stack, of 100", pass, stack)
	}

	hop := 0
	for _, mc := range morrisRandom(morris.MiniMaxGame, morris.S22, 100, DefaultSeed) {
		if strings.Count(mc.input, "W") == 3 || strings.Count(mc.input, "B") == 3 {
			hop++
		}
	}
	if hop == 0 {
		t.Error("MiniMaxGame: no random position with a side of three pieces (hopping)")
	}
}
