package toolkit

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// BenchmarkTreeRecording measures drawing the search tree (recording plus
// text) of a 26,890-node Star/Circle MINIMAX search.
func BenchmarkTreeRecording(b *testing.B) {
	a := adapterFor(b, "starcircle", "tree")
	for b.Loop() {
		if _, err := a.Tree("start", nil, kit.TreeOptions{Algorithm: "minimax", Depth: 5, Limit: maxTreeLimit}); err != nil {
			b.Fatal(err)
		}
	}
}
