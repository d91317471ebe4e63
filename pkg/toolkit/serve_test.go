package toolkit

import (
	"bytes"
	"strings"
	"testing"

	"gotest.tools/v3/assert"
)

// TestServeBadUsage: serve's help, and one stderr line with status 2 for a
// bad address or a second page.
func TestServeBadUsage(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	assert.Equal(t, Run([]string{"serve", "-h"}, nil, &out, &errOut), 0)
	assert.Assert(t, strings.HasPrefix(out.String(), "usage: gamesearch serve"), out.String())
	for _, args := range [][]string{{"serve", "-addr", "nonsense"}, {"serve", "/a", "/b"}, {"serve", "-port", "1"}} {
		out.Reset()
		errOut.Reset()
		assert.Equal(t, Run(args, nil, &out, &errOut), 2, "%v", args)
		assert.Equal(t, strings.Count(errOut.String(), "\n"), 1, errOut.String())
		assert.Assert(t, strings.HasPrefix(errOut.String(), "gamesearch serve: "), errOut.String())
	}
}
