package kit

import (
	"errors"
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/treeview"
)

// TreeOptions are the settings of the tree subcommand. Zero values mean "the
// graded program's own": its algorithm and depth.
type TreeOptions struct {
	// Algorithm is "", "minimax" or "alphabeta".
	Algorithm string
	// Depth is the search depth, 0 for the program's default.
	Depth int
	// Limit is the most nodes drawn.
	Limit int
}

// TreeResult is a recorded tree with the search's counts.
type TreeResult struct {
	Tree  treeview.Tree
	Stats search.Stats
	Value search.Value
}

// RecordTree runs the search of game g with the conventions opt
// (alpha-beta when ab) from root to depth, records it with
// [explorer.Record] and returns the tree to draw. A tree over limit nodes
// stops the search early and fails; while recording, the tree holds at most
// limit nodes ([explorer.NodeBytes] each).
func RecordTree[P, M any, G search.Game[P, M]](g G, opt search.Options, root P, ab bool, depth, limit int,
	title string, label func(parent, child *P, m M) string) (TreeResult, error) {
	t, r, err := explorer.Record(g, opt, root, ab, depth, explorer.Limits{MaxNodes: limit}, label)
	if errors.Is(err, explorer.ErrTooBig) {
		return TreeResult{}, fmt.Errorf("the tree has more than %d nodes; lower -depth or raise -limit", limit)
	}
	if err != nil {
		return TreeResult{}, err
	}
	return TreeResult{Tree: t.Drawing(title), Stats: r.Stats, Value: r.Value}, nil
}

// AlgoName returns the algorithm's name for titles.
func AlgoName(ab bool) string {
	if ab {
		return "alpha-beta"
	}
	return "minimax"
}
