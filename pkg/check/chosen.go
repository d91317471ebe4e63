package check

// This file is the default suite: of the public corpus and of the default
// random cases, the few that together meet every class of case a family's
// units name (a depth, a side to move, a rule feature, a model mistake
// whose answer differs), each class twice, the cheapest first. The choice
// is made once, by TestChosenSuites with -update, and kept in the
// family's list beside its corpus, so that a check spends no time on it.

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
)

// Profiled is a unit that the default suite's choice can weigh.
type Profiled interface {
	// Cost is what the reference spends on the unit (its nodes).
	Cost() uint64
	// Classes names the classes of case the unit stands for.
	Classes() []string
}

// ChosenPerClass is how many chosen cases each class gets at least (all
// of them when it has fewer).
const ChosenPerClass = 2

// Choose returns the indices, in order, of the units the default suite
// keeps: going through the units from the cheapest (ties in their order),
// each unit that stands for a class with fewer than ChosenPerClass units
// kept so far. Units that are not Profiled are all kept.
func Choose(units []Unit) []int {
	type cand struct {
		i       int
		cost    uint64
		classes []string
	}
	var cands []cand
	var keep []int
	for i, u := range units {
		p, ok := u.(Profiled)
		if !ok {
			keep = append(keep, i)
			continue
		}
		cands = append(cands, cand{i, p.Cost(), p.Classes()})
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		switch {
		case a.cost < b.cost:
			return -1
		case a.cost > b.cost:
			return 1
		}
		return 0
	})
	met := map[string]int{}
	for _, c := range cands {
		need := false
		for _, cl := range c.classes {
			need = need || met[cl] < ChosenPerClass
		}
		if !need {
			continue
		}
		for _, cl := range c.classes {
			met[cl]++
		}
		keep = append(keep, c.i)
	}
	slices.Sort(keep)
	return keep
}

// chosenKey is a default suite's entry: the program, its settings, the
// suite and the case (a public case's key, a random case's number).
type chosenKey struct{ program, settings, suite, key string }

// ChosenLine is a line of a family's list of chosen cases.
func ChosenLine(program, settings, suite, key string) string {
	return strings.Join([]string{program, settings, suite, key}, "\t")
}

// readChosen reads a family's list of chosen cases: one case a line,
// PROGRAM, SETTINGS, SUITE and KEY separated by tabs; # comments. A
// missing list (a -corpus folder without one) chooses nothing.
func readChosen(f Files, name string) (map[chosenKey]bool, error) {
	data, err := f.Read(name)
	if errors.Is(err, fs.ErrNotExist) {
		return map[chosenKey]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[chosenKey]bool{}
	for i, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		p := strings.Split(l, "\t")
		if len(p) != 4 {
			return nil, fmt.Errorf("%s: line %d: want 4 fields separated by tabs, got %d", f.Path(name), i+1, len(p))
		}
		out[chosenKey{p[0], p[1], p[2], p[3]}] = true
	}
	return out, nil
}

// chooseSuites keeps, in the public and random suites of the default
// suite, the cases the family's list chose for o's program and settings;
// the random ones only for the default random cases (-n and -seed not
// given). A program the list has no case of keeps its suites whole.
func chooseSuites(o *Options, suites []*suite) error {
	name := o.Prog.Family.Chosen
	if !o.Chosen || name == "" {
		return nil
	}
	list, err := readChosen(o.Corpus, name)
	if err != nil {
		return fmt.Errorf("default suite: %v", err)
	}
	settings := strings.Join(gameSettings(o), " ")
	found := false
	for k := range list {
		found = found || k.program == o.Prog.Name && k.settings == settings
	}
	if !found {
		return nil
	}
	for _, s := range suites {
		if s.name == "random" && !o.chosenRandom || s.name != "public" && s.name != "random" {
			continue
		}
		kept := s.units[:0:0]
		for i, u := range s.units {
			key := corpusKey(u)
			if s.name == "random" {
				key = strconv.Itoa(i + 1)
			}
			if list[chosenKey{o.Prog.Name, settings, s.name, key}] {
				kept = append(kept, u)
			}
		}
		s.of, s.units = s.cases(), kept
	}
	return nil
}
