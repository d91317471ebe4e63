package gamedef_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/explorer/explorertest"
	"github.com/gamesearch/gamesearch/pkg/games"
	"github.com/gamesearch/gamesearch/pkg/toolkit"
	"github.com/gamesearch/gamesearch/pkg/tree/gamedef"
	"gotest.tools/v3/assert"
)

// TestMain stops the browser tests' Chromium. Run as "TEST tree-program
// MISTAKE", the test binary is a student's tree program with that mistake
// instead (brokenProgram, check_test.go).
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "tree-program" {
		os.Exit(brokenProgram(os.Args[2], os.Stdin, os.Stdout, os.Stderr))
	}
	code := m.Run()
	explorertest.Stop()
	os.Exit(code)
}

// classic is Russell and Norvig's three-by-three tree (AIMA 3rd ed.,
// Figures 5.2 and 5.5).
const classic = "[[3,12,8],[2,4,6],[14,5,2]]"

// TestRegistered: the game is in the registry under its name.
func TestRegistered(t *testing.T) {
	assert.Equal(t, games.Find("tree"), gamedef.Game)
}

// api requests path and decodes its JSON answer into v.
func api(t *testing.T, ts *httptest.Server, path string, form url.Values, v any) {
	t.Helper()
	resp, err := http.PostForm(ts.URL+path, form)
	assert.NilError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	assert.NilError(t, err)
	assert.Equal(t, resp.StatusCode, 200, string(body))
	assert.NilError(t, json.Unmarshal(body, v))
}

// TestExplorerClassic: the explorer's run of the classic tree is the
// programs' (value 3, 9 and 7 leaves evaluated), and its first cut-off
// leaves exactly c2 (4) and c3 (6) unsearched, the textbook's answer.
func TestExplorerClassic(t *testing.T) {
	ts := httptest.NewServer(explorer.NewServer([]explorer.Game{gamedef.Game.Explorer}, explorer.Config{}))
	defer ts.Close()
	for prog, want := range map[string]string{"tree-minimax": "value: 3\nmove: a1\nleaves evaluated: 9\nnodes entered: 13\n",
		"tree-alphabeta": "value: 3\nmove: a1\nleaves evaluated: 7\nnodes entered: 11\n"} {
		var r struct {
			Stdout string `json:"stdout"`
			Count  int    `json:"count"`
			Value  string `json:"value"`
		}
		api(t, ts, "/api/run", url.Values{"program": {prog}, "input": {classic}}, &r)
		assert.Equal(t, r.Stdout, want)
		assert.Equal(t, r.Value, "3")
	}
	var s struct {
		Text string `json:"text"`
		Node struct {
			ID int `json:"id"`
		} `json:"node"`
	}
	q := url.Values{"program": {"tree-alphabeta"}, "input": {classic}, "event": {"0"}, "find": {"cut"}}
	api(t, ts, "/api/step", q, &s)
	assert.Equal(t, s.Text, "#7 c1 (MAX) is a leaf: it is scored 2; 2 ≤ α = 3, so the 2 remaining moves of #6 a2 (MIN) are not searched (cut-off).")
	var c struct {
		Node struct {
			PrunedMoves []string `json:"prunedMoves"`
		} `json:"node"`
	}
	api(t, ts, "/api/children", url.Values{"program": {"tree-alphabeta"}, "input": {classic}, "node": {"6"}}, &c)
	assert.DeepEqual(t, c.Node.PrunedMoves, []string{"c2=4", "c3=6"})
}

// TestBrowserClassicCut is the must-show: the classic tree stepped to its
// first cut-off (the c key) shows, under C, exactly the leaves the
// textbook prunes, c2 = 4 and c3 = 6, and the bound that cut them; the
// small tree is drawn whole (B's leaves b1 b2 b3, which set α = 3).
func TestBrowserClassicCut(t *testing.T) {
	ts, ctx := explorertest.Browser(t, games.Explorers())
	err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/search?program=tree-alphabeta&input="+url.QueryEscape(classic)),
		chromedp.WaitVisible(chromedp.CSS(`svg.tree g.tnode[data-id="11"]`)), // drawn whole
		chromedp.KeyEvent("c"),
		chromedp.WaitVisible(chromedp.CSS(`svg.tree g.pruned`)),
	)
	assert.NilError(t, err)
	boxes, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("svg.tree g.pruned")].map((g) => g.dataset.id + ": " + [...g.querySelectorAll("text")].map((x) => x.textContent).join(" | "))`))
	assert.NilError(t, err)
	assert.DeepEqual(t, boxes, []string{"6: ✂ 2 not searched | c2=4 c3=6 | cut: a child ≤ α = 3"})
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("svg.tree g.tnode")].map((g) => Number(g.dataset.id)).sort((a, b) => a - b).join(" ")`))
	assert.NilError(t, err)
	assert.Equal(t, shown, "1 2 3 4 5 6 7 8 9 10 11")
	// The sentence arrives with the step's answer, which may come after
	// the box is drawn: wait for it (bounded by the browser context).
	const sentence = "2 ≤ α = 3, so the 2 remaining moves of #6 a2 (MIN) are not searched"
	err = chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.getElementById("step-text").textContent.includes(`+strconv.Quote(sentence)+`)`,
		chromedp.WithPollingTimeout(30*time.Second)))
	text, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("step-text")))
	assert.NilError(t, err, "the step's sentence: %q", text)
	explorertest.Shot(t, ctx, "tree-cut.png")
}

// TestPlay: play walks down the classic tree; MIN's engine answers a2
// with c1, the leaf worth 2, its best.
func TestPlay(t *testing.T) {
	var out, errOut strings.Builder
	status := toolkit.Run([]string{"play", "tree"}, strings.NewReader("a2\n"), &out, &errOut)
	assert.Equal(t, status, 0, errOut.String())
	assert.Assert(t, strings.Contains(out.String(), "Engine (MIN) plays c1 (depth 2).\n"), out.String())
	assert.Assert(t, strings.HasSuffix(out.String(), "Game over: leaf c1, value 2 for MAX.\n"), out.String())
}

// TestPlayListsPlayable: /api/games tells which games the Play page
// offers: every registered game but the tree, which has no play there.
// Before, the page listed the tree and then refused to start it.
func TestPlayListsPlayable(t *testing.T) {
	ts := httptest.NewServer(explorer.NewServer(games.Explorers(), explorer.Config{}))
	defer ts.Close()
	var list []struct {
		Name  string `json:"name"`
		Plays bool   `json:"plays"`
	}
	api(t, ts, "/api/games", nil, &list)
	var unplayed []string
	for _, g := range list {
		if !g.Plays {
			unplayed = append(unplayed, g.Name)
		}
	}
	assert.DeepEqual(t, unplayed, []string{"tree"})
	assert.Assert(t, len(list) > 1, "%d games", len(list))
}
