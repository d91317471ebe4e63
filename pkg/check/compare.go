package check

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Normalize splits a program's output into lines the way the course
// graders compare them: a CR before an LF and white space at the end of a
// line are dropped (and reported as warnings), and the newline after the
// last line is optional (reported when missing, if the reference has one).
func Normalize(out []byte, wantFinalNewline bool) ([]string, WarnSet) {
	var w WarnSet
	s := string(out)
	if s == "" {
		return nil, w
	}
	if strings.HasSuffix(s, "\n") {
		s = s[:len(s)-1]
	} else if wantFinalNewline {
		w.Add(WarnFinalNewline)
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.HasSuffix(l, "\r") {
			l = l[:len(l)-1]
			w.Add(WarnCRLF)
		}
		if t := strings.TrimRight(l, " \t\r"); t != l {
			l = t
			w.Add(WarnTrailingSpace)
		}
		lines[i] = l
	}
	return lines, w
}

// PadFinalEmpty restores an empty last line that a program printed without
// its newline: when want ends in an empty line, got lacks only that line and
// out ends in a newline, the difference is a missing final newline, which
// is tolerated (and reported).
func PadFinalEmpty(want, got []string, out []byte, w *WarnSet) []string {
	n := len(want)
	if n == 0 || want[n-1] != "" || len(got) != n-1 || (n > 1 && !strings.HasSuffix(string(out), "\n")) {
		return got
	}
	w.Add(WarnFinalNewline)
	return append(got, "")
}

// ShowBytes renders a file's exact bytes for a report: its lines, each
// marked where it ends in CR LF, and a last line saying how the file ends,
// so that a missing or extra newline is visible.
func ShowBytes(data []byte) string {
	s := string(data)
	var b strings.Builder
	lines := strings.SplitAfter(s, "\n")
	for _, l := range lines {
		if l == "" {
			continue
		}
		body := strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r")
		b.WriteString(body)
		if strings.HasSuffix(l, "\r\n") {
			b.WriteString("␍")
		}
		b.WriteString("\n")
	}
	switch {
	case s == "":
		b.WriteString("(empty file)\n")
	case strings.HasSuffix(s, "\n"):
		fmt.Fprintf(&b, "(%d bytes, ending in a newline)\n", len(s))
	default:
		fmt.Fprintf(&b, "(%d bytes, no newline after the last line)\n", len(s))
	}
	return b.String()
}

// SplitLines splits a reference output into its lines (no final empty
// line).
func SplitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// FirstDiff compares lines with want and returns "" when they agree, else
// a one-line description of the first difference. what names the stream
// ("stdout", "output.txt"); first is the number of the first line.
func FirstDiff(want, got []string, what string, first int) string {
	for i := 0; i < len(want) || i < len(got); i++ {
		switch {
		case i >= len(got):
			if first+i == 1 {
				return fmt.Sprintf("%s is empty: want %s first", what, QuoteLine(want[0]))
			}
			return fmt.Sprintf("%s ends after line %d: want line %d %s", what, first+i-1, first+i, QuoteLine(want[i]))
		case i >= len(want):
			return fmt.Sprintf("%s has an extra line %d: %s", what, first+i, QuoteLine(got[i]))
		case want[i] != got[i]:
			return fmt.Sprintf("%s line %d: want %s, got %s", what, first+i, QuoteLine(want[i]), QuoteLine(got[i]))
		}
	}
	return ""
}

// isSubsequence reports whether want appears in got in order, possibly with
// other lines in between, and got has more lines: extra output.
func isSubsequence(want, got []string) bool {
	if len(got) <= len(want) || len(want) == 0 {
		return false
	}
	i := 0
	for _, g := range got {
		if i < len(want) && g == want[i] {
			i++
		}
	}
	return i == len(want)
}

// hasJunk reports whether some line of got is the matching line of want
// followed by more text that starts a new word (a space or punctuation, not
// another digit of a number): trailing junk.
func hasJunk(want, got []string) bool {
	for i := 0; i < len(want) && i < len(got); i++ {
		if len(got[i]) > len(want[i]) && strings.HasPrefix(got[i], want[i]) {
			r, _ := utf8.DecodeRuneInString(got[i][len(want[i]):])
			if want[i] == "" || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				return true
			}
		}
	}
	return false
}

// OnlyAtDepth is the shrunk case of a failure at depth d that every smaller
// depth answers right.
func OnlyAtDepth(d int) string {
	if d == 2 {
		return "depth 1 is answered right; the case differs only at depth 2"
	}
	return fmt.Sprintf("depths 1 to %d are answered right; the case differs only at depth %d", d-1, d)
}

// FileState shows an output file's content, or that it is missing.
func FileState(data []byte, written bool) string {
	if !written {
		return "(not written)\n"
	}
	if len(data) == 0 {
		return "(empty)\n"
	}
	s := string(data)
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// RunNote adds how the run ended to a problem when it ended abnormally.
func RunNote(rr *RunResult, problem string) string {
	switch {
	case rr.TimedOut, rr.Crashed():
		note := rr.Status()
		if l := rr.CrashLine(); l != "" && !rr.TimedOut {
			note += "; stderr: " + l
		}
		return problem + " (" + note + ")"
	case rr.Overflow:
		return problem + " (more than 8 MiB of output)"
	}
	return problem
}

// ExploreInput is the explorer query of a case whose input the report
// shows as head followed by a ShowBytes display ("input.txt:\n..."): the
// bytes read back as "input" (a final line without its newline comes back
// with one); nil when input is not such a display.
func ExploreInput(input, head string) url.Values {
	text, ok := strings.CutPrefix(input, head)
	if !ok {
		return nil
	}
	lines := strings.SplitAfter(text, "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	if len(lines) == 0 || !strings.HasPrefix(lines[len(lines)-1], "(") {
		return nil
	}
	q := url.Values{}
	q.Set("input", strings.ReplaceAll(strings.Join(lines[:len(lines)-1], ""), "␍\n", "\r\n"))
	return q
}
