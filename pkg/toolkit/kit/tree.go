package kit

import (
	"fmt"

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

// RecordTree runs the search of s (alpha-beta when ab) from root to depth
// with a recorder, and returns the tree. s must have been created with
// MaxNodes set to limit+1, so that a huge tree stops early. A first search
// without the recorder counts the nodes: a tree over the limit fails
// before anything is recorded, and the recording is allocated at its size
// (the recorder's lists no longer grow step by step).
func RecordTree[P, M any, G search.Game[P, M]](s *search.Searcher[P, M, G], root P, ab bool, depth, limit int,
	inf search.Value, title string, label func(parent, child *P, m M) string) (TreeResult, error) {
	tooBig := fmt.Errorf("the tree has more than %d nodes; lower -depth or raise -limit", limit)
	var dry search.Result[M]
	if ab {
		dry = s.AlphaBeta(root, depth)
	} else {
		dry = s.Minimax(root, depth)
	}
	if dry.Aborted || dry.Stats.Nodes > uint64(limit) {
		return TreeResult{}, tooBig
	}
	n := int(dry.Stats.Nodes)
	rec := &treeview.Recorder[P, M]{Inf: inf, Limit: limit, PathLabel: label, Nodes: make([]treeview.Node, 0, n), Events: make([]int, 0, 2*n)}
	r := treeview.Search(rec, s, root, ab, depth)
	if r.Aborted || rec.Truncated {
		return TreeResult{}, tooBig
	}
	return TreeResult{Tree: rec.Tree(title), Stats: r.Stats, Value: r.Value}, nil
}

// AlgoName returns the algorithm's name for titles.
func AlgoName(ab bool) string {
	if ab {
		return "alpha-beta"
	}
	return "minimax"
}
