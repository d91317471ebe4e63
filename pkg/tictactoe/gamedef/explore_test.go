package gamedef_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/explorer/explorertest"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/tictactoe/gamedef"
	"gotest.tools/v3/assert"
)

// TestMain stops the browser tests' Chromium.
func TestMain(m *testing.M) {
	code := m.Run()
	explorertest.Stop()
	os.Exit(code)
}

// explorerServer serves the game's explorer pages.
func explorerServer(t *testing.T) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(explorer.NewServer([]explorer.Game{gamedef.Game.Explorer}, explorer.Config{}))
	t.Cleanup(ts.Close)
	return ts
}

// post requests path with form and returns the status and body.
func post(t *testing.T, ts *httptest.Server, path string, form url.Values) (int, string) {
	t.Helper()
	resp, err := http.PostForm(ts.URL+path, form)
	assert.NilError(t, err)
	defer resp.Body.Close()
	var b strings.Builder
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		b.WriteString(sc.Text() + "\n")
	}
	return resp.StatusCode, b.String()
}

// TestExploreAnyDepth: the explorer runs tictactoe-minimax's search to any
// depth up to the end of the game: below it, the program's two lines for
// the search at that depth; at 9, the program's own output.
func TestExploreAnyDepth(t *testing.T) {
	ts := explorerServer(t)
	in := "X..\n.O.\n...\n"
	p, err := tictactoe.Parse([]byte(in))
	assert.NilError(t, err)
	for _, d := range []int{1, 2, 5} {
		status, body := post(t, ts, "/api/run", url.Values{"program": {tictactoe.ProgramName}, "input": {in}, "depth": {string(rune('0' + d))}})
		assert.Equal(t, status, 200, body)
		var r struct {
			Stdout string `json:"stdout"`
			Nodes  uint64 `json:"nodes"`
			Depth  int    `json:"depth"`
		}
		assert.NilError(t, json.Unmarshal([]byte(body), &r))
		res := search.New[tictactoe.Position, tictactoe.Move](tictactoe.CourseGame{}, tictactoe.CourseOptions()).Minimax(p, d)
		assert.Equal(t, r.Stdout, tictactoe.Answer{Move: res.Move, Value: res.Value, Nodes: res.Nodes}.Format(), "depth %d", d)
		assert.Equal(t, r.Nodes, res.Nodes)
		assert.Equal(t, r.Depth, d)
	}
	want, err := tictactoe.Reference([]byte(in))
	assert.NilError(t, err)
	status, body := post(t, ts, "/api/run", url.Values{"program": {tictactoe.ProgramName}, "input": {in}})
	assert.Equal(t, status, 200, body)
	assert.Assert(t, strings.Contains(body, `"stdout":`+strings.TrimSpace(jsonString(want))), body[:80])
}

// jsonString encodes s as JSON.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestExploreThinkLines: the engine's reply in play shows one line per
// depth that changes the score or the line (it searches on to depth 127:
// 127 identical lines before), and a win as "win in N".
func TestExploreThinkLines(t *testing.T) {
	ts := explorerServer(t)
	for _, c := range []struct {
		state, last string
		most        int
	}{{".........", `"score":"0"`, 9}, {"XX.OO....", `"score":"win in 1","pv":["3"]`, 1}} {
		status, body := post(t, ts, "/api/play/think", url.Values{"game": {"tictactoe"}, "state": {c.state}, "engine": {"engine"}, "time": {"20000"}})
		assert.Equal(t, status, 200, body)
		lines := strings.Split(strings.TrimSpace(body), "\n")
		its := lines[:len(lines)-1]
		assert.Assert(t, len(its) >= 1 && len(its) <= c.most, "%d lines: %s", len(its), body)
		assert.Assert(t, strings.Contains(its[len(its)-1], c.last), its[len(its)-1])
		assert.Assert(t, strings.Contains(lines[len(lines)-1], `"reply":`), lines[len(lines)-1])
		t.Logf("%s: %d lines, the last %s", c.state, len(its), its[len(its)-1])
	}
}

// TestBrowserGrid: Play draws the 3x3 grid with its square numbers and
// highlights exactly the empty squares as the legal ones, before and after
// a move and the engine's reply.
func TestBrowserGrid(t *testing.T) {
	ts, ctx := explorertest.Browser(t, []explorer.Game{gamedef.Game.Explorer})
	cells := `[...document.querySelectorAll("#board g.sq")].map((g) => g.querySelector(".number").textContent + (g.classList.contains("to") ? "+" : "") + (g.querySelector(".label") ? g.querySelector(".label").textContent : "")).join(" ")`
	err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/play?game=tictactoe"),
		chromedp.WaitVisible(chromedp.CSS(`#board g.sq.to`)),
		explorertest.SetInput("#time", "500"),
	)
	assert.NilError(t, err)
	start, err := chromedp.Run(ctx, chromedp.Evaluate[string](cells))
	assert.NilError(t, err)
	assert.Equal(t, start, "1+ 2+ 3+ 4+ 5+ 6+ 7+ 8+ 9+")
	err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#board g.sq[data-square="5"]`)), explorertest.WaitText("#log", "2. engine (O) plays"),
		explorertest.WaitText("#status", "Your move (X): 7 legal."))
	assert.NilError(t, err)
	after, err := chromedp.Run(ctx, chromedp.Evaluate[string](cells))
	assert.NilError(t, err)
	// The engine's reply to the centre is a corner (the other replies lose).
	assert.Equal(t, after, "1O 2+ 3+ 4+ 5X 6+ 7+ 8+ 9+")
	explorertest.Shot(t, ctx, "play-grid.png")
}
