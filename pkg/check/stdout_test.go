package check

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// echoFamilies are two Stdout families of system programs: "lines"
// answers its stdin with its words on one line (cat does, for a case of
// one line and single blanks), "words" its arguments (echo does). A case
// is two words; the corpus has one case, "a"; a wrong answer whose line is
// the expected one reversed (rev) is the known mistake of lines' Causes.
func echoFamilies() []*Family {
	ref := func(_ *Program, in []byte) (string, error) {
		return strings.Join(strings.Fields(string(in)), " ") + "\n", nil
	}
	input := func(seed uint64) []byte { return fmt.Appendf(nil, "w%d v%d\n", seed%97, seed%89) }
	lines := &Stdout{Title: "Echo", Corpus: "echo", PerProgram: true, Reference: ref, Input: input, Explore: true,
		Programs: []*Program{{Name: "lines", Exact: true, PerCase: 5 * time.Second, About: "its stdin back"}},
		Causes: func(p *Program, in []byte, got []string) CauseSet {
			want, _ := ref(p, in)
			r := []rune(strings.Join(got, "\n"))
			slices.Reverse(r)
			if string(r)+"\n" == want {
				return SetOf(CauseOrderReverse)
			}
			return 0
		}}
	words := &Stdout{Title: "Echo", Corpus: "echo", PerProgram: true, Reference: ref, Input: input,
		Programs: []*Program{{Name: "words", Exact: true, PerCase: 5 * time.Second, About: "its arguments back"}},
		Args:     func(in []byte) []string { return strings.Fields(string(in)) }}
	return []*Family{lines.Family(), words.Family()}
}

// TestStdoutFamily: a family built with Stdout runs its corpus (NAME.in
// and NAME.PROGRAM.out), its random cases and a gen set; a right program
// passes, a wrong one fails with the first differing line, the input as
// given (stdin or arguments), the family's likely cause and the explore
// line.
func TestStdoutFamily(t *testing.T) {
	t.Parallel()
	corpus := t.TempDir()
	assert := func(cond bool, format string, args ...any) {
		t.Helper()
		if !cond {
			t.Fatalf(format, args...)
		}
	}
	if err := os.Mkdir(filepath.Join(corpus, "echo"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"a.in": "ab cd\n", "a.lines.out": "ab cd\n", "a.words.out": "ab cd\n"} {
		if err := os.WriteFile(filepath.Join(corpus, "echo", name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fams := echoFamilies()
	check := func(prog string, args ...string) (int, string) {
		var out, errb bytes.Buffer
		code := Check(fams, append([]string{prog, "-corpus", corpus, "-dir", t.TempDir()}, args...), &out, &errb)
		return code, out.String() + errb.String()
	}
	code, out := check("lines", "-n", "3", "--", "cat")
	assert(code == 0 && strings.Contains(out, "public  1/1 passed\nrandom  3/3 passed\n"), "cat: exit %d\n%s", code, out)

	code, out = check("lines", "-n", "2", "--", "rev")
	assert(code == 1, "rev: exit %d\n%s", code, out)
	for _, want := range []string{
		"FAIL public a: stdout line 1: want \"ab cd\", got \"dc ba\"\n  input:\n    stdin:\n    ab cd\n    (6 bytes, ending in a newline)\n",
		"likely cause: " + CauseText[CauseOrderReverse] + " (it fits all 3 failing cases)\n",
		"explore: gamesearch serve -open '/search?input=ab+cd%0A&program=lines'\n",
	} {
		assert(strings.Contains(out, want), "rev: no %q in\n%s", want, out)
	}

	code, out = check("words", "-n", "3", "--", "echo")
	assert(code == 0 && strings.Contains(out, "4/4 cases passed"), "echo: exit %d\n%s", code, out)
	code, out = check("words", "-n", "1", "--", "printf", `%s, %s\n`)
	assert(code == 1 && strings.Contains(out, "FAIL public a: stdout line 1: want \"ab cd\", got \"ab, cd\"\n  input:\n    arguments: ab cd\n"),
		"printf: exit %d\n%s", code, out)
	assert(strings.Contains(out, "likely cause: "+CauseText[CauseWording]), "printf: %s", out)
	assert(!strings.Contains(out, "explore:"), "printf: words has no explorer: %s", out)

	set := filepath.Join(t.TempDir(), "set")
	var genOut, genErr bytes.Buffer
	code = Gen(fams, []string{"lines", "-n", "10", "-seed", "4", "-o", set}, &genOut, &genErr)
	assert(code == 0, "gen: exit %d: %s", code, genErr.String())
	files := readTree(t, set)
	assert(len(files) == 21 && string(files["01.in"]) != "" && string(files["10.out"]) != "", "gen wrote %d files", len(files))
	assert(string(files["01.out"]) == strings.Join(strings.Fields(string(files["01.in"])), " ")+"\n", "01: %q -> %q", files["01.in"], files["01.out"])
	code, out = check("lines", "-cases", set, "--", "cat")
	assert(code == 0 && strings.Contains(out, "cases   10/10 passed"), "check -cases: exit %d\n%s", code, out)
}
