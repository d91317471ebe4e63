package check

import (
	"net/url"
	"strings"
	"testing"

	"gotest.tools/v3/assert"
)

// exploreQuery reads the page's query back from an explore line.
func exploreQuery(t *testing.T, line string) url.Values {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "explore: gamesearch serve -open '/search?")
	assert.Assert(t, ok && strings.HasSuffix(rest, "'"), line)
	q, err := url.ParseQuery(strings.TrimSuffix(rest, "'"))
	assert.NilError(t, err)
	return q
}

// TestExploreLine: the explore line of a failing case is the serve
// command of the family's query, with the program's name unless the query
// names another; a family without Explore, or a query it refuses, gives
// none.
func TestExploreLine(t *testing.T) {
	fam := &Family{Explore: func(p *Program, settings, input string) url.Values {
		if input == "" {
			return nil
		}
		q := url.Values{}
		q.Set("input", input)
		q.Set("rules", SettingValue(settings, "rules"))
		return q
	}}
	p := &Program{Name: "prog", Family: fam}
	q := exploreQuery(t, exploreLine(p, "-rules 2021 -suite public -timeout 5s", "a b"))
	assert.Equal(t, q.Get("input"), "a b")
	assert.Equal(t, q.Get("rules"), "2021")
	assert.Equal(t, q.Get("program"), "prog")
	assert.Equal(t, exploreLine(p, "", ""), "")
	assert.Equal(t, exploreLine(&Program{Name: "x", Family: &Family{}}, "", "a"), "")
}
