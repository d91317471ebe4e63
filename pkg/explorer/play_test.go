package explorer_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"gotest.tools/v3/assert"
)

// thinkGame is a game whose engine reports the iterations it is given.
type thinkGame struct {
	explorer.Game
	its []explorer.Iteration
}

func (thinkGame) Name() string                         { return "think" }
func (thinkGame) Settings() []explorer.Setting         { return nil }
func (thinkGame) Play(string) (*explorer.Board, error) { return &explorer.Board{}, nil }
func (g thinkGame) Think(_ string, _ explorer.ThinkLimits, progress func(explorer.Iteration)) (*explorer.Reply, error) {
	for _, it := range g.its {
		progress(it)
	}
	last := g.its[len(g.its)-1]
	return &explorer.Reply{Move: last.Move, Depth: last.Depth, State: "s"}, nil
}

// thinkLines returns the iterations /api/play/think streams for g.
func thinkLines(t *testing.T, g explorer.Game) []explorer.Iteration {
	t.Helper()
	ts := httptest.NewServer(explorer.NewServer([]explorer.Game{g}, explorer.Config{}))
	defer ts.Close()
	resp, err := http.PostForm(ts.URL+"/api/play/think", url.Values{"game": {"think"}, "state": {"s"}, "engine": {"engine"}})
	assert.NilError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, resp.StatusCode, 200)
	var out []explorer.Iteration
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var line struct {
			Iteration *explorer.Iteration `json:"iteration"`
			Reply     *explorer.Reply     `json:"reply"`
		}
		assert.NilError(t, json.Unmarshal(sc.Bytes(), &line), sc.Text())
		if line.Iteration != nil {
			out = append(out, *line.Iteration)
		} else {
			assert.Assert(t, line.Reply != nil, sc.Text())
		}
	}
	return out
}

// TestThinkOneLinePerChange: play streams an iteration only when its score
// or principal variation differs from the last one streamed (an engine
// that solves a small game used to repeat one line for 127 depths).
func TestThinkOneLinePerChange(t *testing.T) {
	it := func(d int, score string, pv ...string) explorer.Iteration {
		return explorer.Iteration{Depth: d, Score: score, PV: pv, Move: pv[0], Nodes: uint64(10 * d)}
	}
	its := []explorer.Iteration{it(1, "3", "a"), it(2, "1", "a", "b"), it(3, "1", "a", "b"), it(4, "1", "a", "c"),
		it(5, "1", "a", "c"), it(6, "win in 5", "a", "c")}
	for d := 7; d <= 127; d++ {
		its = append(its, it(d, "win in 5", "a", "c"))
	}
	got := thinkLines(t, thinkGame{its: its})
	var depths []string
	for _, g := range got {
		depths = append(depths, g.Score+"@"+strings.Join(g.PV, ""))
	}
	assert.DeepEqual(t, depths, []string{"3@a", "1@ab", "1@ac", "win in 5@ac"})
	assert.Equal(t, got[3].Depth, 6)
}

// TestScoreText: an engine's won and lost scores are said in plies.
func TestScoreText(t *testing.T) {
	const mate, bound = 1_000_000_000, 1_000_000_000 - 256
	for _, c := range []struct {
		v    int64
		want string
	}{{999_999_999, "win in 1"}, {mate - 8, "win in 8"}, {-(mate - 2), "loss in 2"}, {0, "0"}, {-57, "-57"}, {bound - 1, "999999743"}} {
		assert.Equal(t, explorer.ScoreText(c.v, mate, bound), c.want, "%d", c.v)
	}
}
