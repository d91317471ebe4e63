package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
)

// TestConformance runs every program on every file of
// testdata/conformance/congo and requires
// byte-for-byte equal output, logging per-file case counts.
func TestConformance(t *testing.T) {
	dir := testutil.Conformance(t, "congo")
	const (
		mv21 = "2021/movegen_1k.in"
		mm21 = "2021/minimax_d2_500.in"
		p22  = "2022/positions_500.in"
	)
	tests := []struct {
		in, out string
		prog    string
		args    []string
	}{
		{mv21, "2021/movegen_1k.lion.out", "congo-moves", []string{"-piece", "lion"}},
		{mv21, "2021/movegen_1k.zebra.out", "congo-moves", []string{"-piece", "zebra"}},
		{mv21, "2021/movegen_1k.elephant.out", "congo-moves", []string{"-piece", "elephant"}},
		{mv21, "2021/movegen_1k.pawn.out", "congo-moves", []string{"-piece", "pawn"}},
		{mv21, "derived/2021_movegen_1k.allmoves_sorted.DERIVED.out", "congo-moves", nil},
		{"2021/exec_50a.in", "2021/exec_50a.out", "congo-move", []string{"-rules", "2021"}},
		{"2021/exec_50b_handoutfigs.in", "2021/exec_50b_handoutfigs.out", "congo-move", []string{"-rules", "2021"}},
		{"2021/eval_50.in", "2021/eval_50.out", "congo-eval", nil},
		{mm21, "2021/minimax_d2_500.out", "congo-minimax", []string{"-rules", "2021"}},
		{mm21, "derived/2021_eval_500.DERIVED.out", "congo-eval", nil},
		{mm21, "derived/2021_adveval_500.DERIVED.out", "congo-adveval", nil},
		{mm21, "derived/2021_alphabeta_d4_500.DERIVED.out", "congo-alphabeta", nil},
		{p22, "2022/eval_500.out", "congo-eval", nil},
		{p22, "2022/minimax_d2_500.out", "congo-minimax", nil},
		{p22, "2022/adveval_500.out", "congo-adveval", nil},
		{p22, "derived/2022_alphabeta_d4_500.DERIVED.out", "congo-alphabeta", []string{"-rules", "2022"}},
		{p22, "derived/2022_positions_500.genL.DERIVED.out", "congo-moves", []string{"-piece", "lion"}},
		{p22, "derived/2022_positions_500.genZ.DERIVED.out", "congo-moves", []string{"-piece", "zebra"}},
		{p22, "derived/2022_positions_500.genG.DERIVED.out", "congo-moves", []string{"-piece", "giraffe"}},
		{p22, "derived/2022_positions_500.genP.DERIVED.out", "congo-moves", []string{"-piece", "pawn"}},
		{p22, "derived/2022_positions_500.genS.DERIVED.out", "congo-moves", []string{"-piece", "superpawn"}},
		{p22, "derived/2022_positions_500.allmoves_sorted.DERIVED.out", "congo-moves", nil},
		{"2022/alphabeta_d4_25.in", "2022/alphabeta_d4_25.out", "congo-alphabeta", []string{"-rules", "2022"}},
		{"2022/exec_500.in", "2022/exec_500.out", "congo-move", nil},
		{"2022/superpawn_50.in", "2022/superpawn_50.out", "congo-moves", []string{"-piece", "superpawn"}},
		{"part1_handout_fens.in", "part1_handout_fens.DERIVED.out", "congo-setup", nil},
	}
	seen := map[string]bool{}
	for _, tc := range tests {
		seen[tc.in], seen[tc.out] = true, true
		t.Run(tc.out, func(t *testing.T) {
			in := readFile(t, filepath.Join(dir, tc.in))
			want := readFile(t, filepath.Join(dir, tc.out))
			var out, errb bytes.Buffer
			code := programs[tc.prog](tc.args, bytes.NewReader(in), &out, &errb)
			if code != 0 {
				t.Fatalf("%s %v: exit %d: %s", tc.prog, tc.args, code, errb.String())
			}
			got := out.Bytes()
			gotCases, wantCases := splitCases(tc.prog, got), splitCases(tc.prog, want)
			matched := 0
			for i := range wantCases {
				if i < len(gotCases) && gotCases[i] == wantCases[i] {
					matched++
				} else if matched == i || i < 3 {
					t.Errorf("%s case %d: got %q, want %q", tc.out, i+1, at(gotCases, i), wantCases[i])
				}
			}
			t.Logf("%s: %d/%d", tc.out, matched, len(wantCases))
			if matched != len(wantCases) || len(gotCases) != len(wantCases) || !bytes.Equal(got, want) {
				t.Errorf("%s: %d/%d cases match (%d produced); output not byte-identical", tc.out, matched, len(wantCases), len(gotCases))
			}
		})
	}
	// Every corpus file must be covered by the table.
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if rel != "README.md" && rel != "handout_samples.txt" && !seen[rel] {
			t.Errorf("corpus file %s is not covered by the conformance table", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestHandoutSamples runs every sample set of handout_samples.txt with the
// program its title names and the edition's -rules.
func TestHandoutSamples(t *testing.T) {
	path := filepath.Join(testutil.Conformance(t, "congo"), "handout_samples.txt")
	sets := parseSamples(t, string(readFile(t, path)))
	if len(sets) != 20 {
		t.Errorf("found %d sample sets, want 20", len(sets))
	}
	matched := 0
	for _, s := range sets {
		prog, args := sampleProgram(t, s.title)
		n := len(s.in)
		if prog == "congo-move" {
			n /= 2
		}
		input := strings.Join(append([]string{itoa(n)}, s.in...), "\n") + "\n"
		var out, errb bytes.Buffer
		code := programs[prog](args, strings.NewReader(input), &out, &errb)
		want := strings.Join(s.out, "\n") + "\n"
		if code != 0 || out.String() != want {
			t.Errorf("%s (%s %v): exit %d %s\ngot:\n%s\nwant:\n%s", s.title, prog, args, code, errb.String(), out.String(), want)
			continue
		}
		matched++
	}
	t.Logf("handout_samples.txt: %d/%d sample sets", matched, len(sets))
}

type sampleSet struct {
	title   string
	in, out []string
}

// parseSamples reads the annotated sample file: "## title", "IN:" lines,
// "OUT..." lines; "#" lines end a section; a set without IN reuses the
// previous input of the same edition ("same 3 FENs").
func parseSamples(t *testing.T, text string) []sampleSet {
	var sets []sampleSet
	var cur *sampleSet
	mode := ""
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "## "):
			sets = append(sets, sampleSet{title: l[3:]})
			cur, mode = &sets[len(sets)-1], ""
		case cur == nil:
		case strings.HasPrefix(l, "#"):
			mode = ""
		case strings.HasPrefix(l, "IN:"):
			mode = "in"
		case strings.HasPrefix(l, "OUT"):
			mode = "out"
		case mode == "in":
			cur.in = append(cur.in, l)
		case mode == "out":
			cur.out = append(cur.out, l)
		}
	}
	last := map[string][]string{}
	for i := range sets {
		s := &sets[i]
		s.in, s.out = trimBlank(s.in), trimBlank(s.out)
		year := s.title[:4]
		if len(s.in) == 0 {
			if last[year] == nil {
				t.Fatalf("sample set %q has no input", s.title)
			}
			s.in = last[year]
		}
		last[year] = s.in
	}
	return sets
}

func trimBlank(l []string) []string {
	for len(l) > 0 && l[len(l)-1] == "" {
		l = l[:len(l)-1]
	}
	return l
}

// sampleProgram maps a sample set title to its program and flags.
func sampleProgram(t *testing.T, title string) (string, []string) {
	rules := []string{"-rules", title[:4]}
	switch {
	case strings.Contains(title, "Part 1"):
		return "congo-setup", rules
	case strings.Contains(title, "Part 2"):
		open := strings.Index(title, "(")
		kind := strings.FieldsFunc(title[open+1:], func(r rune) bool { return r == ' ' || r == ')' || r == ',' })[0]
		return "congo-moves", append(rules, "-piece", kind)
	case strings.Contains(title, "Part 3"):
		return "congo-move", rules
	case strings.Contains(title, "Part 4 Submission 1"):
		return "congo-eval", rules
	case strings.Contains(title, "Part 4 Submission 2"):
		return "congo-minimax", rules
	case strings.Contains(title, "Part 5 Submission 1"):
		return "congo-adveval", rules
	case strings.Contains(title, "Part 5 Submission 2"):
		return "congo-alphabeta", rules
	}
	t.Fatalf("no program for sample set %q", title)
	return "", nil
}

// splitCases splits a program's output into cases.
func splitCases(prog string, b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	switch prog {
	case "congo-setup":
		return strings.Split(s, "\n\n")
	case "congo-move":
		lines := strings.Split(s, "\n")
		var cases []string
		for i := 0; i < len(lines); i += 2 {
			cases = append(cases, strings.Join(lines[i:min(i+2, len(lines))], "\n"))
		}
		return cases
	}
	return strings.Split(s, "\n")
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "<missing>"
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestConformanceRulesMatter checks the counts of docs/congo.md ("Conformance
// data"): with the wrong -rules the edition-sensitive files differ on exactly
// this many cases.
func TestConformanceRulesMatter(t *testing.T) {
	dir := testutil.Conformance(t, "congo")
	tests := []struct {
		in, out, prog, wrong string
		differ               int
	}{
		{"2021/exec_50a.in", "2021/exec_50a.out", "congo-move", "2022", 5},
		{"2021/exec_50b_handoutfigs.in", "2021/exec_50b_handoutfigs.out", "congo-move", "2022", 3},
		{"2022/exec_500.in", "2022/exec_500.out", "congo-move", "2021", 24},
		{"2021/minimax_d2_500.in", "2021/minimax_d2_500.out", "congo-minimax", "2022", 96},
		// 65 cases differ, each through a promotion within two plies
		// (e.g. line 25, "7/1P1l3/7/1p5/P6/7/4L2 w 8": 250 with
		// promotion, 200 without).
		{"2022/positions_500.in", "2022/minimax_d2_500.out", "congo-minimax", "2021", 65},
		{"2021/minimax_d2_500.in", "derived/2021_alphabeta_d4_500.DERIVED.out", "congo-alphabeta", "2022", 134},
		{"2022/positions_500.in", "derived/2022_alphabeta_d4_500.DERIVED.out", "congo-alphabeta", "2021", 119},
		{"2022/alphabeta_d4_25.in", "2022/alphabeta_d4_25.out", "congo-alphabeta", "2021", 6},
	}
	for _, tc := range tests {
		in := readFile(t, filepath.Join(dir, tc.in))
		want := splitCases(tc.prog, readFile(t, filepath.Join(dir, tc.out)))
		var out, errb bytes.Buffer
		if code := programs[tc.prog]([]string{"-rules", tc.wrong}, bytes.NewReader(in), &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.prog, code, errb.String())
		}
		got := splitCases(tc.prog, out.Bytes())
		differ := 0
		for i := range want {
			if at(got, i) != want[i] {
				differ++
			}
		}
		if differ != tc.differ {
			t.Errorf("%s with -rules %s: %d cases differ, want %d", tc.out, tc.wrong, differ, tc.differ)
		}
	}
}
