package check

// This file holds the verdict of one case and the "likely cause" diagnosis:
// every failure lists the known mistakes that explain it, and the report
// names the first mistake (in the order of causeText) that explains every
// failure seen.

import (
	"fmt"
	"strings"
)

// cause is a known mistake (or a class of them).
type cause uint8

// The known mistakes, in the order the diagnosis prefers them. Run-level
// causes come first: when a program also times out, that is what to fix.
// Then the causes a model or an exact comparison shows, then the features
// of the failing cases, then the counting conventions (an off-by-one count
// can also come from a rule mistake, such as a pass that ends the game one
// node early), and last the generic cut-off cause: a rule mistake also
// changes only the count of some alpha-beta cases.
const (
	causeTimeout cause = iota
	causeCrash
	causeEmpty
	causeNoOutputFile
	causeTruncated
	causeShift
	causeExtra
	causeFormat
	causeIllegal
	causeEdition
	causeTie
	causeStrictCut
	causeRootAlpha
	causeBlackView
	causePromotion
	causeBlack
	causePass
	causeStack
	causeCountRoot
	causeCountNoRoot
	causeCountNodes
	causeCountLeaves
	causeCountInternal
	causeCountRootChildren
	causeCutoff
	numCauses
)

// causeText is the "likely cause" line of each mistake.
var causeText = [numCauses]string{
	causeTimeout: "timeout: the program was still running at the time limit and was killed " +
		"(an endless loop, a blocked read, or a search too slow for these depths)",
	causeCrash:        "crash: the program ended abnormally (see the shrunk case for the input that does it)",
	causeEmpty:        "empty output: the program exited normally without printing an answer",
	causeNoOutputFile: "output file not written: the answer must also be written to the output file the grader names",
	causeTruncated:    "truncated output: the program stopped answering before the last case, without an error",
	causeShift: "answers shifted by one case: the input is read one line off — typically a missing " +
		"cin.ignore() after cin >> N, so the first getline returns the rest of line 1",
	causeExtra: "extra lines or trailing junk: the expected answers are there, with more text around " +
		"them (debug output on stdout? print diagnostics to stderr)",
	causeFormat:  "output format: the answer lines do not have the expected form",
	causeIllegal: "illegal move: the answer is well formed but not a legal move in the position",
	causeEdition: "promotion rule of the wrong edition: every failing answer is exactly what the other " +
		"edition's rules give (2021: a pawn on its last rank stays a pawn; 2022: it becomes a superpawn)",
	causeTie: "tie-breaking: same value, another move — when several moves are equally good the first " +
		"in generation order is kept (a later move must be strictly better)",
	causeCountRoot:   "what is counted: the count is one too many — the root is counted, and must not be",
	causeCountNoRoot: "what is counted: the count is one too few — the root must be counted too",
	causeCountNodes: "what is counted: every node is counted — only static evaluations " +
		"(the leaves, and nodes without moves) are",
	causeCountLeaves: "what is counted: only the leaves are counted — every node the search enters is, " +
		"the root and pass nodes included",
	causeCountInternal: "what is counted: only the inner nodes are counted — every node the search enters is",
	causeCountRootChildren: "what is counted: each root child is evaluated once more (by the root " +
		"itself) — only the search's static evaluations count",
	causeStrictCut: "cut-off: strict cut-offs (v > beta, v < alpha) — the course cuts when v >= beta " +
		"(v <= alpha), so fewer nodes are searched",
	causeRootAlpha: "cut-off: the root does not raise alpha after each child — later root children " +
		"must be searched with the narrowed window",
	causeCutoff: "cut-off: only the alpha-beta count differs — the pruning differs (fail-soft vs " +
		"fail-hard returns, strict vs non-strict cut-off, or the window passed to the children)",
	causeBlackView: "Black's estimate from White's point of view: the Black programs print the value " +
		"for Black (swap the colours, search as White)",
	causePromotion: "promotion: only positions where a pawn reaches its last rank within the depth differ " +
		"— check the promotion rule of the edition (2021: none; 2022: to a superpawn)",
	causeBlack: "only Black-to-move cases differ: check the side-relative sign (negamax) and Black's " +
		"move direction",
	causePass: "only cases whose search meets a pass differ: a player passes only without a move, the " +
		"pass is a node of its own, and only a pass answered by a pass ends the game",
	causeStack: "only cases with a stack on the last row differ: pieces may step or jump onto their own " +
		"pieces on their last row, and every piece of a stack counts in the utility",
}

// featureCauses are the causes that are properties of a case ("a Black
// move", "a pass in the tree"): they explain the failures only when some
// passing case lacks them.
const featureCauses = 1<<causePromotion | 1<<causeBlack | 1<<causePass | 1<<causeStack

// causeSet is a set of causes.
type causeSet uint64

func (s causeSet) has(c cause) bool { return s&(1<<c) != 0 }

func setOf(cs ...cause) causeSet {
	var s causeSet
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// warning is a tolerated departure from the expected bytes, or a remark
// that does not fail a case.
type warning uint8

const (
	warnCRLF warning = iota
	warnTrailingSpace
	warnFinalNewline
	warnCount
	warnStderr
	warnExit
	numWarnings
)

var warningText = [numWarnings]string{
	warnCRLF:          "CRLF line ends (a CR before each LF): tolerated here, but a byte-exact grader fails them",
	warnTrailingSpace: "trailing white space at the end of lines: tolerated here",
	warnFinalNewline:  "no newline after the last line: tolerated here",
	warnCount: "the evaluation count differs from the standard program's on the same input: an improved " +
		"program should search the same tree with another estimator",
	warnStderr: "output on stderr: ignored",
	warnExit: "the program ended with a non-zero exit status or a signal: tolerated here when the " +
		"answers are right (the course graders compare output only)",
}

// warnSet is a set of warnings.
type warnSet uint16

func (s *warnSet) add(w warning) { *s |= 1 << w }

// result is the verdict on one case.
type result struct {
	suite, name string
	// input, expected and actual are shown for a failure; expected is
	// empty for validity checks.
	input, expected, actual string
	// problem is one line saying what is wrong (the first differing line).
	problem string
	passed  bool
	warn    warnSet
	// causes, when set, returns the known mistakes that explain this
	// failure. It may run the reference again, so it is called only while
	// a common cause is still possible.
	causes func() causeSet
	// features, when set, returns the feature causes of the case.
	features func() causeSet
	// shrink, when set, returns the shrunk case of a failure (it may run
	// the command again); called only for the failures reported.
	shrink func() string
}

// memo caches the value of f.
func memo[T any](f func() T) func() T {
	var v T
	done := false
	return func() T {
		if !done {
			v, done = f(), true
		}
		return v
	}
}

// likelyCause returns the text of the first cause that explains every
// failure, or "" when none does or nothing failed. A feature cause counts
// only when some passing case lacks the feature.
func likelyCause(results []*result) string {
	all := causeSet(1<<numCauses - 1)
	failed := 0
	for _, r := range results {
		if r.passed {
			continue
		}
		failed++
		var s causeSet
		if r.causes != nil {
			s |= r.causes()
		}
		if r.features != nil && all&featureCauses != 0 {
			s |= r.features()
		}
		if all &= s; all == 0 {
			return ""
		}
	}
	if failed == 0 {
		return ""
	}
	for c := cause(0); c < numCauses; c++ {
		if !all.has(c) {
			continue
		}
		if featureCauses&(1<<c) != 0 && !someLack(results, c) {
			continue
		}
		return causeText[c]
	}
	return ""
}

// someLack reports whether a passing case lacks the feature c.
func someLack(results []*result, c cause) bool {
	for _, r := range results {
		if r.passed && (r.features == nil || !r.features().has(c)) {
			return true
		}
	}
	return false
}

// clip shortens s to at most n bytes, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// quoteLine formats one output line for a problem message.
func quoteLine(s string) string { return fmt.Sprintf("%q", clip(s, 120)) }

// indent prefixes every line of s with pre.
func indent(s, pre string) string {
	if s == "" {
		return pre + "(nothing)"
	}
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = pre + l
	}
	return strings.Join(lines, "\n")
}

// runCauses returns the run-level causes of a failed run: timeout, crash,
// empty output, answers shifted by a case (when shifted is not nil), extra
// lines.
func runCauses(rr *runResult, want, got []string, shifted func(got []string) bool) causeSet {
	switch {
	case rr.timedOut:
		return setOf(causeTimeout)
	case rr.crashed():
		return setOf(causeCrash)
	case len(got) == 0:
		return setOf(causeEmpty)
	case shifted != nil && shifted(got):
		return setOf(causeShift)
	case isSubsequence(want, got) || hasJunk(want, got):
		return setOf(causeExtra)
	}
	return 0
}
