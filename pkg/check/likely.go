package check

// This file names the likely cause of a check's failures. Runs that were
// stopped or crashed are diagnosed apart from the wrong answers: a model is
// fitted to the wrong answers only. When no known mistake reproduces every
// wrong answer, the one that reproduces the most is named with its count,
// then the others are tried on the wrong answers left.

import (
	"fmt"
	"strings"
)

// featureCauses are the causes that are properties of a case ("a Black
// move", "a pass in the tree"): they explain failures only when the failing
// cases have the feature markedly more often than the passing ones
// (markedly).
const featureCauses = 1<<CausePromotion | 1<<CauseBlack | 1<<CausePass | 1<<CauseStack | 1<<CauseMill | 1<<CauseBlocked

// stopCauses are the causes of a run that did not answer: stopped at a
// limit, or crashed. Such failures are diagnosed apart from wrong answers.
const stopCauses = 1<<CauseSlowRight | 1<<CauseSlow | 1<<CauseTimeout | 1<<CauseFileName | 1<<CauseCrash | 1<<CauseRunMixed

// maxNamed is the most causes the likely cause names for the wrong answers.
const maxNamed = 3

// noKnownMistake is the likely cause line when no known mistake reproduces
// any wrong answer.
const noKnownMistake = "no known mistake reproduces these outputs: compare the first failure's expected and actual answers"

// stopOne says what one failure of each stop cause is.
var stopOne = map[Cause]string{
	CauseSlowRight: "too slow but right",
	CauseSlow:      "a timeout",
	CauseTimeout:   "a timeout",
	CauseFileName:  "a crash",
	CauseCrash:     "a crash",
	CauseRunMixed:  "a crash or a timeout",
}

// stopLabel says what the failures of each stop cause are, counted.
var stopLabel = map[Cause]string{
	CauseSlowRight: "too slow but right",
	CauseSlow:      "timeouts",
	CauseTimeout:   "timeouts",
	CauseFileName:  "crashes",
	CauseCrash:     "crashes",
	CauseRunMixed:  "crashes and timeouts",
}

// LikelyCause returns the likely cause of the failures among results ("" when
// nothing failed). The failed runs (time limit, crash) are told apart, by
// the first cause common to all of them; the wrong answers by the causes
// that reproduce the most of them, each with its count (markedly says when a
// feature cause counts).
func LikelyCause(results []*Result) string {
	var wrong, stopped []CauseSet
	var passed []*Result
	right := 0
	for _, r := range results {
		if r.Passed {
			passed = append(passed, r)
			continue
		}
		var s CauseSet
		if r.Causes != nil {
			s = r.Causes()
		}
		if s&stopCauses != 0 {
			stopped = append(stopped, s)
			if s.Has(CauseSlowRight) {
				right++
			}
			continue
		}
		if r.Features != nil {
			s |= r.Features() & featureCauses
		}
		wrong = append(wrong, s)
	}
	failed := len(wrong) + len(stopped)
	if failed == 0 {
		return ""
	}
	var parts []string
	if len(wrong) > 0 {
		parts = append(parts, fitWrong(wrong, passed, failed, len(stopped) > 0))
	}
	if len(stopped) == 0 {
		return parts[0]
	}
	common := allCauses
	for _, s := range stopped {
		common &= s
	}
	c := firstCause(common & stopCauses)
	text := CauseText[c]
	if c == CauseTimeout && right > 0 {
		text += fmt.Sprintf(" (%d of them answered right when run again with more time)", right)
	}
	switch {
	case len(wrong) > 0 && len(stopped) == 1:
		parts = append(parts, fmt.Sprintf("1 is %s: %s", stopOne[c], text))
	case len(wrong) > 0:
		parts = append(parts, fmt.Sprintf("%d are %s: %s", len(stopped), stopLabel[c], text))
	case failed == 1:
		parts = append(parts, text+" (it fits the one failing case)")
	default:
		parts = append(parts, fmt.Sprintf("%s (it fits all %d failing cases)", text, failed))
	}
	return strings.Join(parts, "; ")
}

// firstCause returns the first cause of s in the order of the causes (s
// not empty).
func firstCause(s CauseSet) Cause {
	for c := Cause(0); c < NumCauses; c++ {
		if s.Has(c) {
			return c
		}
	}
	return CauseRunMixed
}

// fitWrong names the causes of the wrong answers (their cause sets, with
// their features): the one that reproduces the most (the first in order on
// a tie), with its count among the failed cases, then again on the wrong
// answers it leaves, up to maxNamed causes. stops tells that other failures
// are stopped runs.
func fitWrong(wrong []CauseSet, passed []*Result, failed int, stops bool) string {
	left := wrong
	var parts []string
	for len(left) > 0 && len(parts) < maxNamed {
		best, most := Cause(0), 0
		for c := Cause(0); c < NumCauses; c++ {
			if stopCauses&(1<<c) != 0 {
				continue
			}
			n := 0
			for _, s := range left {
				if s.Has(c) {
					n++
				}
			}
			if n > most && (featureCauses&(1<<c) == 0 || markedly(c, n, len(left), passed)) {
				best, most = c, n
			}
		}
		if most == 0 {
			break
		}
		switch {
		case len(parts) > 0:
			parts = append(parts, fmt.Sprintf("then, of the other %d: %s (it fits %d)", len(left), CauseText[best], most))
		case most == failed && failed == 1:
			parts = append(parts, CauseText[best]+" (it fits the one failing case)")
		case most == failed:
			parts = append(parts, fmt.Sprintf("%s (it fits all %d failing cases)", CauseText[best], failed))
		case most == len(wrong):
			parts = append(parts, fmt.Sprintf("%s (it fits all %d wrong answers of the %d failing cases)", CauseText[best], most, failed))
		default:
			parts = append(parts, fmt.Sprintf("%s (it reproduces %d of the %d failing cases)", CauseText[best], most, failed))
		}
		kept := left[:0:0]
		for _, s := range left {
			if !s.Has(best) {
				kept = append(kept, s)
			}
		}
		left = kept
	}
	switch {
	case len(parts) == 0 && !stops:
		return noKnownMistake
	case len(parts) == 0:
		return fmt.Sprintf("no known mistake reproduces the %d wrong answers: compare the first failure's expected and actual answers", len(wrong))
	case len(left) == 1:
		parts = append(parts, "1 wrong answer is reproduced by no known mistake")
	case len(left) > 1:
		parts = append(parts, fmt.Sprintf("%d wrong answers are reproduced by no known mistake", len(left)))
	}
	return strings.Join(parts, "; ")
}

// markedly reports whether the feature c of n of the m failing cases is
// markedly more frequent among them than among the passing cases: at least
// twice as frequent. A feature that most random cases have (a mill closed
// somewhere in the search) says nothing about the failures, and with no
// passing case there is nothing to compare.
func markedly(c Cause, n, m int, passed []*Result) bool {
	if len(passed) == 0 {
		return false
	}
	have := 0
	for _, r := range passed {
		if r.Features != nil && r.Features().Has(c) {
			have++
		}
	}
	// have/len(passed) <= (n/m)/2
	return 2*have*m <= n*len(passed)
}
