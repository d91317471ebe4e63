package check

// This file holds the verdict of one case and the known mistakes: every
// failure lists the known mistakes that explain it (likely.go names the
// likely cause from them).

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Cause is a known mistake (or a class of them).
type Cause uint8

// The known mistakes, in the order the diagnosis prefers them. Run-level
// causes come first: when a program also times out, that is what to fix.
// Then the causes a model or an exact comparison shows, then the features
// of the failing cases, then the counting conventions (an off-by-one count
// can also come from a rule mistake, such as a pass that ends the game one
// node early), and last the generic cut-off cause: a rule mistake also
// changes only the count of some alpha-beta cases.
const (
	CauseSlowRight Cause = iota
	CauseSlow
	CauseTimeout
	CauseFileName
	CauseCrash
	CauseRunMixed
	CauseEmpty
	CauseNoOutputFile
	CauseTruncated
	CauseShift
	CauseExtra
	CauseWording
	CauseFormat
	CauseIllegal
	CauseEdition
	CauseIgnoresDepth
	CauseDepthOff
	CauseDepthOff2
	CauseDepthOff3
	CauseStrictCut
	CauseRootAlpha
	CauseNoCut
	CauseOrderReverse
	CauseOrderJumps
	CauseOrderRight
	CauseOrderNeighbours
	CauseNoRemovalChild
	CauseNoMobility
	CauseTieModel
	CauseTie
	CauseBlackView
	CauseMinRoot
	CauseWhiteView
	CauseStaticEval
	CausePromotion
	CauseBlack
	CausePass
	CauseStack
	CauseCountRoot
	CauseCountNoRoot
	CauseCountNodes
	CauseCountLeaves
	CauseCountInternal
	CauseCountRootChildren
	CauseCountDeep
	CauseMill
	CauseBlocked
	CauseCutoff
	NumCauses
)

// CauseText is the "likely cause" line of each mistake.
var CauseText = [NumCauses]string{
	CauseSlowRight: "too slow, but right: the program was still running at the time limit, and re-run with " +
		"more time it answered right (each failure says the limit, and the time the answer took) — speed up " +
		"the search, or ask which limit the course uses (docs/check.md: time limits; -timeout sets it)",
	CauseSlow: "timeout after right answers: every case answered before the time limit is right, and the " +
		"run was stopped before the others — the program is too slow for the limit (docs/check.md: time " +
		"limits; -timeout raises it), or it loops on the first case not answered (its shrunk case runs it alone)",
	CauseTimeout: "timeout: the program was still running at the time limit and was killed " +
		"(an endless loop, a blocked read, or a search too slow for these depths)",
	CauseRunMixed: "crashes and timeouts: the program crashes on some cases and is stopped at the time " +
		"limit on others (see each failure's problem line and shrunk case)",
	CauseFileName: "file name: the program looks for another file than the one the grader gives " +
		"(see the crash line: the course's names are input.txt and output.txt, board1.txt and board2.txt, state and action)",
	CauseWording: "output wording: the answer lines differ from the course's only in letter case, punctuation " +
		"or spacing (the grader compares them byte for byte)",
	CauseIgnoresDepth: "the program ignores DEPTH: it prints the same answer at every depth, while the " +
		"reference's answers change with the depth",
	CauseDepthOff: "depth off by one: the answers are exactly what the course's search gives one ply deeper " +
		"or shallower",
	CauseDepthOff2: "depth too small: the answers are exactly what the course's search gives two plies " +
		"shallower than the depth asked (depth 2 for depth 4) — check where the search stops and how the depth is passed down",
	CauseDepthOff3: "depth too small: the answers are exactly what the course's search gives three or more " +
		"plies shallower than the depth asked — check where the search stops and how the depth is passed down",
	CauseOrderReverse: "move order: the answers are exactly what the course's search gives with the moves " +
		"searched in the reverse order — generate them in the course's order",
	CauseOrderJumps: "move order: the answers are exactly what the course's search gives with each piece's " +
		"jumps searched before its steps — the course takes a piece's landing squares in board order (top row " +
		"first, left to right), steps and jumps together",
	CauseOrderRight: "move order: the answers are exactly what the course's search gives with each piece's " +
		"move to the right searched before its move to the left — the course takes a piece's landing squares " +
		"in board order (top row first, left to right)",
	CauseOrderNeighbours: "move order: the answers are exactly what the course's search gives with each " +
		"piece's neighbours taken in descending order — the course takes them in ascending order",
	CauseNoRemovalChild: "capture rule: the answers are exactly what the course's search gives when a move " +
		"that closes a mill has no child because every opposing piece stands in a mill — GenerateRemove " +
		"then adds the board unchanged",
	CauseNoMobility: "static estimation without the mobility term: the answers are exactly what the course's " +
		"search gives with the midgame estimator 1000 × (white pieces − black pieces) alone — the handout's " +
		"estimator also subtracts the number of Black's moves",
	CauseStaticEval: "static evaluation: the search is right but the values are not — at depth 1 the program " +
		"counts the same positions as the course's search and prints another value, so the static evaluation " +
		"function differs from the course's (see the shrunk case at depth 1)",
	CauseTieModel: "tie-breaking: the answers are exactly what the course's search gives when the last of " +
		"equally good moves is kept — keep the first (a later move must be strictly better)",
	CauseCrash:        "crash: the program ended abnormally (see the shrunk case for the input that does it)",
	CauseEmpty:        "empty output: the program exited normally without printing an answer",
	CauseNoOutputFile: "output file not written: the answer must also be written to the output file the grader names",
	CauseTruncated: "truncated output: the program stopped answering before the last case, without an error " +
		"(the first failure is the first case not answered; its shrunk case tells whether the program " +
		"cannot read that case alone)",
	CauseShift: "answers shifted by one case: the input is read one line off — typically a missing " +
		"cin.ignore() after cin >> N, so the first getline returns the rest of line 1",
	CauseExtra: "extra lines or trailing junk: the expected answers are there, with more text around " +
		"them (debug output on stdout? print diagnostics to stderr)",
	CauseFormat:  "output format: the answer lines do not have the expected form",
	CauseIllegal: "illegal move: the answer is well formed but not a legal move in the position",
	CauseEdition: "promotion rule of the wrong edition: every failing answer is exactly what the other " +
		"edition's rules give (2021: a pawn on its last rank stays a pawn; 2022: it becomes a superpawn)",
	CauseTie: "tie-breaking: same value, another move — when several moves are equally good the first " +
		"in generation order is kept (a later move must be strictly better)",
	CauseCountRoot:   "what is counted: the count is one too many — the root is counted, and must not be",
	CauseCountNoRoot: "what is counted: the count is one too few — the root must be counted too",
	CauseCountNodes: "what is counted: every node is counted — only static evaluations " +
		"(the leaves, and nodes without moves) are",
	CauseCountLeaves: "what is counted: only the leaves are counted — every node the search enters is, " +
		"the root and pass nodes included",
	CauseCountInternal: "what is counted: only the inner nodes are counted — every node the search enters is",
	CauseCountRootChildren: "what is counted: each root child is evaluated once more (by the root " +
		"itself) — only the search's static evaluations count",
	CauseCountDeep: "what is counted: only the count differs, and the same inputs are answered right at depth 1 " +
		"— the count goes wrong only deeper down (the shrunk case names the first depth that differs)",
	CauseStrictCut: "cut-off: strict cut-offs (v > beta, v < alpha) — the course cuts when v >= beta " +
		"(v <= alpha), so fewer nodes are searched",
	CauseRootAlpha: "cut-off: the root does not raise alpha after each child — later root children " +
		"must be searched with the narrowed window",
	CauseNoCut: "cut-off: none — the answers are exactly what minimax gives (the same value and move, every " +
		"leaf evaluated): alpha-beta stops searching a node's moves once its value reaches beta (v >= beta; " +
		"v <= alpha at a MIN node)",
	CauseCutoff: "only the alpha-beta count differs and no known mistake reproduces it: the value and the " +
		"move are right, so the search visits other nodes — check the cut-off rule, the window passed to " +
		"the children and the order the moves are searched in",
	CauseBlackView: "Black's estimate from White's point of view: the Black programs print the value " +
		"for Black (swap the colours, search as White)",
	CauseMinRoot: "Black as MIN at the root: the answers are exactly what a search of the board as given, " +
		"with Black minimising at the root, gives — the Black programs swap the colours, search as White " +
		"and swap the chosen board back",
	CauseWhiteView: "evaluation sign: the answers are exactly what the course's negamax gives when the " +
		"evaluation is not negated for Black — evaluate from the side to move's point of view",
	CausePromotion: "promotion: only positions where a pawn reaches its last rank within the depth differ " +
		"— check the promotion rule of the edition (2021: none; 2022: to a superpawn)",
	CauseBlack: "only Black-to-move cases differ: check the side-relative sign (negamax) and Black's " +
		"move direction",
	CausePass: "only cases whose search meets a pass differ: a player passes only without a move, the " +
		"pass is a node of its own, and only a pass answered by a pass ends the game",
	CauseMill: "only cases whose search closes a mill differ: check closeMill and GenerateRemove (only " +
		"pieces outside mills are removed; when every opposing piece stands in a mill, the board is added unchanged)",
	CauseBlocked: "only cases whose search meets a side without a move differ: such a node is a leaf, " +
		"evaluated and counted, and the midgame estimator counts Black's moves (0 is a win for White)",
	CauseStack: "only cases with a stack on the last row differ: pieces may step or jump onto their own " +
		"pieces on their last row, and every piece of a stack counts in the utility",
}

// CauseSet is a set of causes.
type CauseSet uint64

// Has reports whether c is in the set.
func (s CauseSet) Has(c Cause) bool { return s&(1<<c) != 0 }

// SetOf returns the set of the causes cs.
func SetOf(cs ...Cause) CauseSet {
	var s CauseSet
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// Warning is a tolerated departure from the expected bytes, or a remark
// that does not fail a case.
type Warning uint8

const (
	WarnCRLF Warning = iota
	WarnTrailingSpace
	WarnFinalNewline
	WarnCount
	WarnStderr
	WarnExit
	WarnSlow
	NumWarnings
)

var warningText = [NumWarnings]string{
	WarnCRLF:          "CRLF line ends (a CR before each LF): tolerated here, but a byte-exact grader fails them",
	WarnTrailingSpace: "trailing white space at the end of lines: tolerated here",
	WarnFinalNewline:  "no newline after the last line: tolerated here",
	WarnCount: "the evaluation count differs from the standard program's on the same input: an improved " +
		"program should search the same tree with another estimator",
	WarnStderr: "output on stderr: ignored",
	WarnExit: "the program ended with a non-zero exit status or a signal: tolerated here when the " +
		"answers are right (the course graders compare output only)",
	WarnSlow: "runs that used more than half of their CPU time limit: close to failing on a slower grader",
}

// WarnSet is a set of warnings.
type WarnSet uint16

// Add adds w to the set.
func (s *WarnSet) Add(w Warning) { *s |= 1 << w }

// Result is the verdict on one case.
type Result struct {
	Suite, Name string
	// Input, Expected and Actual are shown for a failure; Expected is
	// empty for validity checks.
	Input, Expected, Actual string
	// Problem is one line saying what is wrong (the first differing line).
	Problem string
	Passed  bool
	Warn    WarnSet
	// Run is the Run that answered the case (nil where none is kept).
	Run *RunResult
	// Causes, when set, returns the known mistakes that explain this
	// failure. It may run the reference again, so it is called only while
	// a common cause is still possible.
	Causes func() CauseSet
	// Features, when set, returns the feature causes of the case.
	Features func() CauseSet
	// Shrink, when set, returns the shrunk case of a failure (it may run
	// the command again); called only for the failures reported.
	Shrink func() string
	// Rerun is the case run again with more time after its run was
	// stopped at its time limit (nil when it was not).
	Rerun *Rerun
}

// NoteRun keeps in r.Run the run that answered a judged result, and adds
// its warnings: an abnormal exit of a passing run, and a slow run. The run
// tells the report the time it took, and a run stopped at its time limit
// is run again with more time (see rerun).
func (r *Result) NoteRun(rr *RunResult) {
	if r.Passed && rr.Crashed() {
		r.Warn.Add(WarnExit)
	}
	if rr.Slow() {
		r.Warn.Add(WarnSlow)
	}
	r.Run = rr
}

// Memo caches the value of f.
func Memo[T any](f func() T) func() T {
	var v T
	done := false
	return func() T {
		if !done {
			v, done = f(), true
		}
		return v
	}
}

// WithMixed returns c, with causeRunMixed when c is a crash or a timeout.
func WithMixed(c Cause) CauseSet {
	if c == CauseCrash || c == CauseTimeout {
		return SetOf(c, CauseRunMixed)
	}
	return SetOf(c)
}

// SlowOrTimeout is CauseSlow when every case a stopped run answered is
// right, else CauseTimeout (a stopped run is a timeout in both).
func SlowOrTimeout(answeredRight bool) CauseSet {
	if answeredRight {
		return SetOf(CauseSlow, CauseTimeout, CauseRunMixed)
	}
	return SetOf(CauseTimeout, CauseRunMixed)
}

// fileNameRe finds a file name in a crash line that says a file is missing.
var fileNameRe = regexp.MustCompile(`(?i)(no such file|not found|cannot find|could not open|cannot open|can't open|unable to open|failed to open|filenotfound).*?['"]?([\w./-]+\.txt)['"]?`)

// WrongFileName reports whether a crash line says the program could not
// open a .txt file other than the ones the grader provides.
func WrongFileName(line string, provided ...string) bool {
	m := fileNameRe.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	base := m[2]
	if i := strings.LastIndexAny(base, "/\\"); i >= 0 {
		base = base[i+1:]
	}
	return !slices.Contains(provided, base)
}

// numberRe matches a number in an answer line.
var numberRe = regexp.MustCompile(`-?[0-9]+`)

// SameWords reports whether the text of want and got, their numbers left
// aside, differs only in letter case, punctuation and spacing (and does
// differ): a missing period or a capital letter is the same mistake whether
// the numbers beside it are right or not.
func SameWords(want, got []string) bool {
	if len(want) != len(got) || len(want) == 0 {
		return false
	}
	fold := func(s string) string {
		var b strings.Builder
		for _, r := range strings.ToLower(s) {
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' {
				b.WriteRune(r)
			}
		}
		return b.String()
	}
	differ := false
	for i := range want {
		w, g := numberRe.ReplaceAllString(want[i], "0"), numberRe.ReplaceAllString(got[i], "0")
		if fold(w) != fold(g) {
			return false
		}
		differ = differ || w != g
	}
	return differ
}

// Clip shortens s to at most n bytes, marking the cut.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// QuoteLine formats one output line for a problem message.
func QuoteLine(s string) string { return fmt.Sprintf("%q", Clip(s, 120)) }

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

// RunCauses returns the run-level causes of a failed run: timeout, crash,
// empty output, answers shifted by a case (when shifted is not nil), extra
// lines.
// provided names the files the grader gives the program, for the file-name
// cause.
func RunCauses(rr *RunResult, want, got []string, shifted func(got []string) bool, provided ...string) CauseSet {
	switch {
	case rr.TimedOut:
		return SetOf(CauseTimeout, CauseRunMixed)
	case rr.Crashed() && len(provided) > 0 && WrongFileName(rr.CrashLine(), provided...):
		return SetOf(CauseFileName, CauseCrash, CauseRunMixed)
	case rr.Crashed():
		return SetOf(CauseCrash, CauseRunMixed)
	case len(got) == 0 && shifted != nil:
		// A batch that prints nothing stopped before its first case.
		return SetOf(CauseEmpty, CauseTruncated)
	case len(got) == 0:
		return SetOf(CauseEmpty)
	case shifted != nil && shifted(got):
		return SetOf(CauseShift)
	case isSubsequence(want, got) || hasJunk(want, got):
		return SetOf(CauseExtra)
	case SameWords(want, got):
		return SetOf(CauseWording)
	}
	return 0
}
