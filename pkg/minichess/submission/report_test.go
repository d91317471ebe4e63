package submission

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// TestReportExcerpts: the declarations the report quotes still exist.
func TestReportExcerpts(t *testing.T) {
	r := reporter{c: ReportConfig{Root: testutil.RepoRoot(t)}}
	for _, x := range [][2]string{
		{"pkg/minichess/game.go", "func (n *Node) Evaluate"},
		{"pkg/search/search.go", "func (s *Searcher[P, M, G]) node("},
		{"pkg/minichess/engine.go", "func (g SearchGame) Play("},
	} {
		got := r.excerpt(x[0], x[1])
		assert.NilError(t, r.err)
		assert.Assert(t, strings.HasPrefix(got, "```go\n// "+x[0]+"\n"+x[1]), got)
		assert.Assert(t, strings.HasSuffix(got, "\n}\n```\n"), got)
	}
	r.excerpt("pkg/minichess/game.go", "func Nope(")
	assert.ErrorContains(t, r.err, "no declaration")
}

func TestSection(t *testing.T) {
	text := "# T\n\n## A\na\n### A1\nx\n## B\nb\n"
	assert.Equal(t, section(text, "## A"), "## A\na\n### A1\nx\n")
	assert.Equal(t, section(text, "## B"), "## B\nb\n")
	assert.Equal(t, section(text, "## C"), "")
}
