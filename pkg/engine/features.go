package engine

import (
	"fmt"
	"strings"
)

// Feature is a technique of [Options] that can be switched on and off by
// name: the one table of technique names that every command (match player
// specs, strength and self-play harnesses) reads.
type Feature struct {
	// Name is the technique's name on command lines; Alias is a short
	// spelling also accepted ("" when none).
	Name, Alias string
	// Flag returns the switch of the technique in o.
	Flag func(o *Options) *bool
}

// Features are the switchable techniques, in the order of [Options].
var Features = []Feature{
	{"tt", "", func(o *Options) *bool { return &o.TT }},
	{"hashmove", "", func(o *Options) *bool { return &o.HashMove }},
	{"mvvlva", "", func(o *Options) *bool { return &o.MVVLVA }},
	{"killers", "", func(o *Options) *bool { return &o.Killers }},
	{"history", "", func(o *Options) *bool { return &o.History }},
	{"pvs", "", func(o *Options) *bool { return &o.PVS }},
	{"aspiration", "", func(o *Options) *bool { return &o.Aspiration }},
	{"quiescence", "qs", func(o *Options) *bool { return &o.Quiescence }},
	{"nullmove", "null", func(o *Options) *bool { return &o.NullMove }},
	{"lmr", "", func(o *Options) *bool { return &o.LMR }},
	{"futility", "", func(o *Options) *bool { return &o.Futility }},
	{"checkext", "", func(o *Options) *bool { return &o.CheckExtension }},
	{"nulladapt", "", func(o *Options) *bool { return &o.NullMoveAdaptive }},
	{"lmrlog", "", func(o *Options) *bool { return &o.LMRLog }},
	{"rfp", "", func(o *Options) *bool { return &o.ReverseFutility }},
	{"lmp", "", func(o *Options) *bool { return &o.LateMovePruning }},
	{"malus", "", func(o *Options) *bool { return &o.HistoryMalus }},
	{"qprune", "", func(o *Options) *bool { return &o.QuiescencePrune }},
	{"plyfree", "", func(o *Options) *bool { return &o.PlyFreeTable }},
}

// FeatureNames returns the names of [Features], in order.
func FeatureNames() []string {
	names := make([]string, len(Features))
	for i, f := range Features {
		names[i] = f.Name
	}
	return names
}

// FindFeature returns the technique called name (or its alias).
func FindFeature(name string) (Feature, error) {
	for _, f := range Features {
		if name == f.Name || f.Alias != "" && name == f.Alias {
			return f, nil
		}
	}
	return Feature{}, fmt.Errorf("unknown engine feature %q (known: %s)", name, strings.Join(FeatureNames(), ", "))
}

// SetFeature turns the technique called name on or off in o.
func (o *Options) SetFeature(name string, on bool) error {
	f, err := FindFeature(name)
	if err != nil {
		return err
	}
	*f.Flag(o) = on
	return nil
}

// ParseFeatures parses a comma-separated list of +name or -name (a bare
// name means +name) into a function that applies those switches to an
// [Options].
func ParseFeatures(list string) (func(*Options), error) {
	type change struct {
		f  Feature
		on bool
	}
	var changes []change
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		on := true
		switch s[0] {
		case '+':
			s = s[1:]
		case '-':
			on, s = false, s[1:]
		}
		f, err := FindFeature(s)
		if err != nil {
			return nil, err
		}
		changes = append(changes, change{f, on})
	}
	return func(o *Options) {
		for _, c := range changes {
			*c.f.Flag(o) = c.on
		}
	}, nil
}
