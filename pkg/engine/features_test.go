package engine_test

import (
	"reflect"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"gotest.tools/v3/assert"
)

// TestFeaturesCoverOptions: every bool switch of Options is in the table
// exactly once, under its name and alias, and ParseFeatures applies +/-.
func TestFeaturesCoverOptions(t *testing.T) {
	t.Parallel()
	seen := map[*bool]string{}
	var o engine.Options
	for _, f := range engine.Features {
		p := f.Flag(&o)
		_, dup := seen[p]
		assert.Assert(t, !dup, "%s: switch listed twice", f.Name)
		seen[p] = f.Name
	}
	bools := 0
	for i := range reflect.TypeOf(o).NumField() {
		if reflect.TypeOf(o).Field(i).Type.Kind() == reflect.Bool && reflect.TypeOf(o).Field(i).Name != "TTExactDepth" {
			bools++
		}
	}
	assert.Equal(t, len(seen), bools)
	apply, err := engine.ParseFeatures("-tt, qs,+null,-checkext")
	assert.NilError(t, err)
	o = engine.DefaultOptions()
	o.CheckExtension = true
	apply(&o)
	assert.Assert(t, !o.TT && o.Quiescence && o.NullMove && !o.CheckExtension)
	_, err = engine.ParseFeatures("+bogus")
	assert.ErrorContains(t, err, `unknown engine feature "bogus"`)
	assert.NilError(t, o.SetFeature("quiescence", false))
	assert.Assert(t, !o.Quiescence)
}
