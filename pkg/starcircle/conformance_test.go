package starcircle_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// trimLines splits s into lines with trailing white space removed, dropping
// trailing empty lines.
func trimLines(s string) []string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// group is the family of a case name: "gen_0042" -> "gen".
func group(name string) string {
	if i := strings.LastIndexByte(name, '_'); i > 0 {
		return name[:i]
	}
	return name
}

// TestConformance runs the program in-process on every case of
// testdata/conformance/starcircle and compares its output with the expected one
// line by line, trailing white space trimmed.
func TestConformance(t *testing.T) {
	dir := testutil.Conformance(t, "starcircle", "cases")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	matched, total := map[string]int{}, map[string]int{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		name := e.Name()
		g := group(name)
		total[g]++
		want, err := os.ReadFile(filepath.Join(dir, name, "output.txt"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var out, errb bytes.Buffer
		code := starcircle.Run([]string{"-i", filepath.Join(dir, name, "input.txt"), "-o", "-"}, nil, &out, &errb)
		if code != 0 {
			t.Errorf("%s: exit status %d, stderr %q", name, code, errb.String())
			continue
		}
		got, exp := trimLines(out.String()), trimLines(string(want))
		if strings.Join(got, "\n") != strings.Join(exp, "\n") {
			t.Errorf("%s: got %q, want %q", name, got, exp)
			continue
		}
		matched[g]++
	}
	groups := make([]string, 0, len(total))
	all, ok := 0, 0
	for g := range total {
		groups = append(groups, g)
		all += total[g]
		ok += matched[g]
	}
	sort.Strings(groups)
	for _, g := range groups {
		t.Logf("%-18s %4d/%d matched", g, matched[g], total[g])
	}
	t.Logf("%-18s %4d/%d matched", "all", ok, all)
	if all < 1000 {
		t.Errorf("only %d cases found, want the whole corpus (about 1,004)", all)
	}
}
