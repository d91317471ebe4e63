package check

// This file keeps of each result only what the report needs, as soon as
// its unit has run, and the time budget.

import (
	"fmt"
	"time"
	"unicode/utf8"
)

// allCauses is the set of every cause.
const allCauses = CauseSet(1<<NumCauses - 1)

// keeper keeps of each result only what the report needs, as soon as its
// unit has run: the causes, asked while the run is at hand, and for the
// first maxFail failures their fields, clipped, and their shrunk case
// (when shrink is set). The rest, the runs' output above all, is dropped:
// a check holds the output of one unit at a time. It also keeps the time
// budget.
type keeper struct {
	maxFail int
	shrink  bool
	// deadline is when the time budget ends (zero: no budget).
	deadline time.Time
	// shown counts the failures kept for the report; looped tells that a
	// case run again with more time was still running at that limit.
	shown  int
	looped bool
}

// spent reports whether the time budget is spent.
func (k *keeper) spent() bool { return !k.deadline.IsZero() && !time.Now().Before(k.deadline) }

// settle reduces r, just judged, to what the report needs: it asks a
// failure for its causes at once, while its run is at hand, and keeps the
// answer for LikelyCause.
func (k *keeper) settle(r *Result) {
	if r.Run != nil {
		rr := *r.Run
		rr.Stdout, rr.Stderr, rr.Files, rr.Odd = nil, nil, nil, nil
		r.Run = &rr
	}
	if r.Passed {
		r.Input, r.Expected, r.Actual, r.Shrink = "", "", "", nil
		return
	}
	var s CauseSet
	if r.Causes != nil {
		s = r.Causes()
	}
	r.Causes = func() CauseSet { return s }
	if k.shown == k.maxFail {
		r.Input, r.Expected, r.Actual, r.Problem, r.Shrink = "", "", "", "", nil
		return
	}
	k.shown++
	r.Input, r.Expected, r.Actual = clipField(r.Input, maxField), clipField(r.Expected, maxField), clipField(r.Actual, maxField)
	r.Problem = clipField(r.Problem, maxProblem)
	if r.Shrink == nil || !k.shrink {
		r.Shrink = nil
		return
	}
	shrunk := notRunProblem
	if !k.spent() {
		shrunk = clipField(r.Shrink(), maxField)
	}
	r.Shrink = func() string { return shrunk }
}

// clipField cuts s where it would take more than n bytes in a report, as
// text (each line indented by four spaces) or as JSON (a quote or a
// backslash takes two bytes, a control character, <, >, & or an invalid
// byte six), and says how many bytes are left out.
func clipField(s string, n int) string {
	size := 0
	for i, r := range s {
		w := utf8.RuneLen(r)
		switch {
		case r == '\n':
			w = 5
		case r == '"' || r == '\\' || r == '\r' || r == '\t':
			w = 2
		case r < ' ' || r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029' || r == utf8.RuneError:
			w = 6
		}
		if size += w; size > n {
			return fmt.Sprintf("%s… [%d more bytes left out]", s[:i], len(s)-i)
		}
	}
	return s
}
