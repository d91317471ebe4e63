package check

import (
	"fmt"
	"net/url"
	"strings"
)

// Family is one course's programs as check runs and judges them: how a
// submission is run, where its cases come from and how its outputs are
// compared. Each game's gamedef package describes its families, and the
// registry (package games) lists them; check names no game.
type Family struct {
	// Title names the course in messages ("Congo": "-rules applies to
	// the Congo programs only").
	Title string
	// Programs are the family's programs, in the order of the usage text.
	Programs []*Program
	// Flags are the family's settings flags; check registers each name
	// once, and refuses one set for a program of another family.
	Flags func(gen bool) []Flag
	// Apply reads the settings (o.Settings, the flags the user set in set)
	// into o.Game, refusing values that do not fit o.Prog.
	Apply func(o *Options, set map[string]bool) error
	// Public returns the cases of the vendored corpora of o.Prog; Extra
	// is the corpus file listing those of the extra suite ("" when none),
	// matched against the Key of units that have one.
	Public func(o *Options) ([]Unit, error)
	Extra  string
	// Chosen is the corpus file listing the cases of the default suite
	// (chosen.go; "" when the default suite is the public and random
	// suites whole).
	Chosen string
	// Random returns n random cases from seed.
	Random func(o *Options, n int, seed uint64) ([]Unit, error)
	// ReadSet reads the set gen wrote in o.Cases, and SetFiles returns the
	// files of such a set made of units from Random; both are nil for a
	// family checked for validity only.
	ReadSet  func(o *Options) ([]Unit, error)
	SetFiles func(o *Options, units []Unit) []File
	// Settings are the flags of the game's conventions for the report
	// ("-rules 2022"); SetFlags are those check needs to read a gen set
	// back, around "-cases DIR".
	Settings func(o *Options) []string
	SetFlags func(o *Options) string
	// Limits describes the time limits for the report; nil: the CPU-time
	// limits of Program's PerCase, PerWork and Batch.
	Limits func(o *Options) string
	// Explore returns the query of the explorer page that shows a failing
	// case of p ("input", and "program" when not p's name), read back from
	// the report's settings and the case's input as the report shows it;
	// nil when there is none.
	Explore func(p *Program, settings, input string) url.Values
}

// Flag is a settings flag of a family: its name, default, help, the word
// for its value in usage lines ("KIND"), and the programs it applies to
// when not all of the family's ("congo-moves").
type Flag struct {
	Name, Default, Usage, Meta, Scope string
}

// Keyed is a unit that the extra list of its family can name.
type Keyed interface {
	// Key names the case as the extra list does.
	Key() string
}

// findProgram returns the program called name among the families'.
func findProgram(fams []*Family, name string) (*Program, error) {
	var names []string
	for _, f := range fams {
		for _, p := range f.Programs {
			if p.Name == name {
				q := *p
				q.Family = f
				return &q, nil
			}
			names = append(names, p.Name)
		}
	}
	return nil, fmt.Errorf("unknown program %q (want %s)", name, strings.Join(names, ", "))
}
