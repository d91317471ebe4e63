package search_test

import (
	"math"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/search"
	"gotest.tools/v3/assert"
)

// TestFormatValue: the shortest decimal of a fixed-point value, and the
// infinities of a recorded search.
func TestFormatValue(t *testing.T) {
	for _, c := range []struct {
		v     search.Value
		scale int
		want  string
	}{
		{160, 0, "160"}, {-290, 0, "-290"}, {0, 3, "0"}, {-5, 1, "-0.5"}, {1225, 2, "12.25"},
		{1200, 2, "12"}, {-1230, 3, "-1.23"}, {7, 3, "0.007"}, {-7, 3, "-0.007"}, {100, 2, "1"},
		{math.MinInt64, 2, "-92233720368547758.08"}, {math.MaxInt64, 0, "9223372036854775807"},
	} {
		assert.Equal(t, search.FormatValue(c.v, c.scale), c.want, "%d at scale %d", c.v, c.scale)
	}
	for _, c := range []struct {
		v, inf search.Value
		scale  int
		want   string
	}{
		{search.DefaultInf, 0, 0, "+inf"}, {-search.DefaultInf, 0, 0, "-inf"}, {search.DefaultInf - 1, 0, 0, "4611686018427387903"},
		{1000, 1000, 2, "+inf"}, {-1001, 1000, 2, "-inf"}, {999, 1000, 2, "9.99"}, {-5, 1000, 1, "-0.5"},
	} {
		assert.Equal(t, search.FormatBound(c.v, c.inf, c.scale), c.want, "%d, infinity %d, scale %d", c.v, c.inf, c.scale)
	}
}
