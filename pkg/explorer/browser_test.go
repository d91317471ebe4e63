package explorer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/explorer/explorertest"
	"github.com/gamesearch/gamesearch/pkg/games"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
)

// browser starts the explorer of the registered games and opens a tab of
// the shared headless Chromium (or skips the test).
func browser(t *testing.T) (*httptest.Server, context.Context) {
	t.Helper()
	return explorertest.Browser(t, games.Explorers())
}

// TestMain stops the shared Chromium and removes its folder.
func TestMain(m *testing.M) {
	code := m.Run()
	explorertest.Stop()
	os.Exit(code)
}

// The shared actions.
var (
	setSelect = explorertest.SetSelect
	setInput  = explorertest.SetInput
	jsString  = explorertest.JSString
	waitText  = explorertest.WaitText
	shot      = explorertest.Shot
)

// TestBrowserMorrisSearch: the Position page with the README's Morris
// board, ABGame at depth 3, the Search page shows 453; a node expands.
func TestBrowserMorrisSearch(t *testing.T) {
	ts, ctx := browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitReady(chromedp.CSS(`#game option[value="morris"]`)),
		setSelect("#game", "morris"),
		setSelect("#program", "ABGame"),
		setInput("#depth", "3"),
		setInput("#input", ""),
		chromedp.SendKeys(chromedp.ID("input"), "xxxxxxxxWWxWWxBBBxxxxx"),
		waitText("#info", "xxxxxxxxWWxWWxBBBxxxxx"),
	)
	assert.NilError(t, err)
	shot(t, ctx, "position.png")
	// Another program keeps the position and the depth.
	err = chromedp.Do(ctx, setSelect("#program", "MiniMaxGame"), setSelect("#program", "ABGame"))
	assert.NilError(t, err)
	kept, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("input").value + " " + document.getElementById("depth").value`))
	assert.NilError(t, err)
	assert.Equal(t, kept, "xxxxxxxxWWxWWxBBBxxxxx 3")
	// The point order shown is the 22-point board's, the one in use.
	order, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("order")))
	assert.NilError(t, err)
	status, body := get(t, ts, "/api/position", url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "board": {"S22"}})
	assert.Equal(t, status, 200, body)
	var b explorer.Board
	assert.NilError(t, json.Unmarshal([]byte(body), &b))
	var names []string
	for _, sq := range b.Square {
		names = append(names, sq.Name)
	}
	assert.Equal(t, len(names), 22)
	assert.Equal(t, order, "the input's letters are the points "+strings.Join(names, " ")+", in this order")
	_, err = chromedp.RunResponse(ctx, chromedp.Click(chromedp.ID("show")))
	assert.NilError(t, err)
	err = chromedp.Do(ctx, waitText("#stdout", "Positions evaluated by static estimation: 453."))
	assert.NilError(t, err)
	count, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("count")))
	assert.NilError(t, err)
	assert.Equal(t, count, "453")
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("view-list")),
		chromedp.Click(chromedp.CSS(`.node[data-id="2"] .toggle`)),
		chromedp.WaitVisible(chromedp.CSS(`.node[data-id="3"]`)),
	)
	assert.NilError(t, err)
	kids, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.node[data-id="2"] + ul > li').length`))
	assert.NilError(t, err)
	assert.Equal(t, kids, 48, "node 2's children")
	// The compare view: every Morris program's count at depth 3 on the
	// board is the one that program prints.
	err = chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#compare tr[data-program="MiniMaxGameImproved"][data-count]`)))
	assert.NilError(t, err)
	counts, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`Object.fromEntries([...document.querySelectorAll("#compare tr[data-program]")].map((tr) => [tr.dataset.program, tr.dataset.count]))`))
	assert.NilError(t, err)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "board.txt"), filepath.Join(dir, "out.txt")
	assert.NilError(t, os.WriteFile(in, []byte("xxxxxxxxWWxWWxBBBxxxxx\n"), 0o600))
	for _, p := range morris.Programs {
		stdout, _ := own(t, p.Run, []string{in, out, "3"}, "")
		m := morrisEvaluated.FindStringSubmatch(stdout)
		assert.Assert(t, m != nil, stdout)
		assert.Equal(t, counts[p.Name], m[1], p.Name)
	}
	assert.Equal(t, counts["MiniMaxGame"], "4674")
	t.Log(counts)
	shot(t, ctx, "compare.png")
}

// TestBrowserStarCircleStep: the c key replays a Star/Circle alpha-beta
// to its first cut-off: the page says the test and the moves left, and the
// drawn tree shows them in a box with the bound that cut them.
func TestBrowserStarCircleStep(t *testing.T) {
	ts, ctx := browser(t)
	in := starcircle.StartInput("ALPHABETA", 3)
	u := ts.URL + "/search?program=starcircle&input=" + url.QueryEscape(in)
	err := chromedp.Do(ctx,
		chromedp.Navigate(u),
		chromedp.WaitVisible(chromedp.CSS(`svg.tree g.tnode[data-id="1"]`)),
		chromedp.KeyEvent("c"),
		waitText("#step-info", "event "),
		chromedp.WaitVisible(chromedp.CSS(`svg.tree g.pruned`)),
		// The step's answer may come after the box is drawn.
		chromedp.Poll[chromedp.Void](`document.getElementById("step-info").dataset.kind === "leave cut"`,
			chromedp.WithPollingTimeout(30*time.Second)),
	)
	assert.NilError(t, err)
	kind, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.ID("step-info"), "data-kind"))
	assert.NilError(t, err)
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("step-text")))
	assert.NilError(t, err)
	assert.Equal(t, kind.Value, "leave cut", text)
	t.Log(text)
	// It is the API's first cut-off, told in the same words.
	s := step(t, ts.URL, url.Values{"program": {"starcircle"}, "input": {in}}, "event", "0", "find", "cut")
	assert.Equal(t, text, s.Text)
	info, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("step-info")))
	assert.NilError(t, err)
	assert.Equal(t, info, fmt.Sprintf("event %d of %d", s.Event+1, 2*countNodes(t, ts.URL, "starcircle", in)))
	// The box of the cut node: its moves not searched, by name, and the bound.
	m := regexp.MustCompile(`so the (\d+) remaining moves of #(\d+) `).FindStringSubmatch(text)
	assert.Assert(t, m != nil, text)
	box, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('svg.tree g.pruned[data-id="`+m[2]+`"]').textContent`))
	assert.NilError(t, err)
	assert.Assert(t, strings.HasPrefix(box, "✂ "+m[1]+" not searched"), box)
	assert.Assert(t, strings.Contains(box, "cut: a child ≥ β = ") || strings.Contains(box, "cut: a child ≤ α = "), box)
	shot(t, ctx, "search.png")
}

// countNodes returns the nodes of a program's search through /api/run.
func countNodes(t *testing.T, base, program, input string) int {
	t.Helper()
	resp, err := http.PostForm(base+"/api/run", url.Values{"program": {program}, "input": {input}})
	assert.NilError(t, err)
	var r runResult
	assert.NilError(t, json.Unmarshal([]byte(readAll(t, resp)), &r))
	return int(r.Entered)
}

// TestBrowserMorrisReveal steps ABGame's depth-3 search of the README's
// board node by node with the → key (and by cut-offs with c): at no event
// does a node of the drawn tree or of the list show a value before the
// event that returns it, and every node returned by then that is drawn
// shows its value.
func TestBrowserMorrisReveal(t *testing.T) {
	ts, ctx := browser(t)
	u := ts.URL + "/search?program=ABGame&depth=3&input=xxxxxxxxWWxWWxBBBxxxxx"
	err := chromedp.Do(ctx, chromedp.Navigate(u), chromedp.WaitVisible(chromedp.CSS(`svg.tree g.tnode[data-id="1"]`)))
	assert.NilError(t, err)
	// check returns the nodes drawn, and those that show a value early or
	// hide one they should show, at event ev (0-based).
	check := func(ev int) (drawn int, bad []string) {
		js := `(() => { const out = {drawn: 0, bad: []};
		  for (const g of document.querySelectorAll("svg.tree g.tnode, #tree .node")) {
		    out.drawn++;
		    const v = g.querySelector(".value").textContent.trim(), leave = Number(g.dataset.leave);
		    if ((leave > ` + strconv.Itoa(ev) + `) !== (v === "")) out.bad.push(g.dataset.id + ":" + leave + ":" + v);
		  }
		  return out; })()`
		r, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
			Drawn int      `json:"drawn"`
			Bad   []string `json:"bad"`
		}](js))
		assert.NilError(t, err)
		return r.Drawn, r.Bad
	}
	total := 0
	for k := 1; k <= 120; k++ {
		err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight), waitText("#step-info", fmt.Sprintf("event %d of 1274", k)))
		assert.NilError(t, err)
		drawn, bad := check(k - 1)
		assert.Assert(t, len(bad) == 0, "event %d: %v", k, bad)
		total += drawn
	}
	for range 5 {
		before, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("step-info")))
		assert.NilError(t, err)
		err = chromedp.Do(ctx, chromedp.KeyEvent("c"), chromedp.Poll[chromedp.Void](`document.getElementById("step-info").textContent !== `+jsString(before), chromedp.WithPollingTimeout(30*time.Second)))
		assert.NilError(t, err)
		info, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("step-info")))
		assert.NilError(t, err)
		var ev int
		fmt.Sscanf(info, "event %d", &ev)
		_, bad := check(ev - 1)
		assert.Assert(t, len(bad) == 0, "%s: %v", info, bad)
	}
	err = chromedp.Do(ctx, chromedp.Click(chromedp.ID("view-list")))
	assert.NilError(t, err)
	info, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("step-info")))
	assert.NilError(t, err)
	var ev int
	fmt.Sscanf(info, "event %d", &ev)
	drawn, bad := check(ev - 1)
	assert.Assert(t, len(bad) == 0, "list at %s: %v", info, bad)
	t.Logf("120 events and 5 cut-offs checked, %d drawn nodes in all; the list at %s: %d rows", total, info, drawn)
}

// TestBrowserCongoPlay: a Congo move against the engine gets its reply.
func TestBrowserCongoPlay(t *testing.T) {
	ts, ctx := browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/play?game=congo"),
		chromedp.WaitVisible(chromedp.CSS(`#moves button.move`)),
		setInput("#time", "300"),
		chromedp.Click(chromedp.CSS(`#moves button.move`)),
		waitText("#log", "engine (Black) plays"),
		waitText("#thinking", "depth 1:"),
	)
	assert.NilError(t, err)
	log, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("log")))
	assert.NilError(t, err)
	assert.Assert(t, strings.Contains(log, "1. you (White) play"), log)
	t.Log(log)
	shot(t, ctx, "play.png")
}

// TestBrowserCongoTreeTime measures the page load and the first view of
// congo-alphabeta's depth-4 tree on the README's sample (36,837 nodes):
// from navigation to the tree drawn, with the search, the program's run
// and the transfer.
func TestBrowserCongoTreeTime(t *testing.T) {
	ts, ctx := browser(t)
	u := ts.URL + "/search?program=congo-alphabeta&input=" + url.QueryEscape("2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4")
	start := time.Now()
	err := chromedp.Do(ctx, chromedp.Navigate(u), chromedp.WaitVisible(chromedp.CSS(`svg.tree g.tnode[data-id="1"]`)))
	assert.NilError(t, err)
	total := time.Since(start)
	load, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => { const n = performance.getEntriesByType("navigation")[0]; return n.loadEventEnd - n.startTime; })()`))
	assert.NilError(t, err)
	first, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.firstView`))
	assert.NilError(t, err)
	at, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.firstViewAt`))
	assert.NilError(t, err)
	count, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("count")))
	assert.NilError(t, err)
	assert.Equal(t, count, "36837")
	// The page's weight: the bytes of the page, its scripts and style, and
	// of the answers of the API it fetched to draw the tree.
	weight, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
	  .map((e) => new URL(e.name).pathname + " " + e.decodedBodySize)`))
	assert.NilError(t, err)
	sum := 0
	for _, w := range weight {
		var n int
		fmt.Sscanf(w[strings.LastIndexByte(w, ' ')+1:], "%d", &n)
		sum += n
	}
	t.Logf("congo-alphabeta depth 4, %s nodes: page load %.0f ms; the tree's first view %s ms after navigation start (%s ms of them from the run request to the tree drawn); %v with Chromium's start; page weight %d bytes: %s",
		count, load, at, first, total.Round(time.Millisecond), sum, strings.Join(weight, ", "))
	assert.Assert(t, total < 30*time.Second)
}

// TestBrowserPlayUndo: in Congo's Play, undo takes back the engine's reply
// and the person's move (the start position and an empty record again),
// redo plays them again; an engine error (depth -1) is said in the status
// line with a Retry button, which replies once the depth is fixed.
func TestBrowserPlayUndo(t *testing.T) {
	ts, ctx := browser(t)
	squares := `[...document.querySelectorAll("#board g.sq")].map((g) => g.dataset.square + ":" + g.textContent).join(" ")`
	err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/play?game=congo"),
		chromedp.WaitVisible(chromedp.CSS(`#moves button.move`)),
		setInput("#time", "200"),
		setInput("#depth", "2"),
	)
	assert.NilError(t, err)
	start, err := chromedp.Run(ctx, chromedp.Evaluate[string](squares))
	assert.NilError(t, err)
	undo, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("undo").disabled`))
	assert.NilError(t, err)
	assert.Assert(t, undo, "nothing to undo at the start")
	err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#moves button.move`)), waitText("#log", "2. engine (Black) plays"),
		waitText("#status", "Your move (White)"))
	assert.NilError(t, err)
	played, err := chromedp.Run(ctx, chromedp.Evaluate[string](squares))
	assert.NilError(t, err)
	assert.Assert(t, played != start)
	err = chromedp.Do(ctx, chromedp.Click(chromedp.ID("undo")), waitText("#status", "Your move (White)"))
	assert.NilError(t, err)
	after, err := chromedp.Run(ctx, chromedp.Evaluate[string](squares))
	assert.NilError(t, err)
	assert.Equal(t, after, start, "undo goes back to the start")
	log, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("log")))
	assert.NilError(t, err)
	assert.Equal(t, log, "")
	err = chromedp.Do(ctx, chromedp.Click(chromedp.ID("redo")), waitText("#log", "2. engine (Black) plays"))
	assert.NilError(t, err)
	redone, err := chromedp.Run(ctx, chromedp.Evaluate[string](squares))
	assert.NilError(t, err)
	assert.Equal(t, redone, played, "redo plays both moves again")
	// An engine error leaves a status and a retry.
	err = chromedp.Do(ctx, setInput("#depth", "-1"), chromedp.Click(chromedp.CSS(`#moves button.move`)),
		chromedp.WaitVisible(chromedp.ID("retry")))
	assert.NilError(t, err)
	status, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("status")))
	assert.NilError(t, err)
	assert.Equal(t, status, `The engine could not reply: depth "-1": want 1 to 64 Retry`)
	err = chromedp.Do(ctx, setInput("#depth", "1"), chromedp.Click(chromedp.ID("retry")), waitText("#log", "4. engine (Black) plays"),
		waitText("#status", "Your move (White)"))
	assert.NilError(t, err)
	shot(t, ctx, "play-undo.png")
}
