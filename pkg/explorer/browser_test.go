package explorer_test

import (
	"context"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/games"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
)

// chrome is the headless Chromium (Debian's chromium package) the browser
// tests share: started by the first of them, a tab for each, stopped by
// TestMain with its folder.
var chrome struct {
	once   sync.Once
	path   string          // the executable, "" when there is none
	dir    string          // its profile and TMPDIR
	ctx    context.Context // the browser's context
	cancel func()
	err    error
}

// browser starts the explorer and opens a tab of the shared headless
// Chromium, or skips the test with one line when there is none.
func browser(t *testing.T) (*httptest.Server, context.Context) {
	t.Helper()
	chrome.once.Do(startChrome)
	if chrome.path == "" {
		t.Skip("no chromium installed (apt-get install -y chromium): the browser tests are skipped")
	}
	assert.NilError(t, chrome.err)
	ts := httptest.NewServer(explorer.NewServer(games.Explorers(), explorer.Config{}))
	t.Cleanup(ts.Close)
	ctx, cancelTab := chromedp.NewContext(chrome.ctx)
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancel(); cancelTab() })
	return ts, ctx
}

// startChrome starts the shared Chromium, if one is installed.
func startChrome() {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			chrome.path = p
			break
		}
	}
	if chrome.path == "" {
		return
	}
	if chrome.dir, chrome.err = os.MkdirTemp("", "explorer-browser-test-"); chrome.err != nil {
		return
	}
	// Chromium makes folders of its own in TMPDIR (its singleton socket's),
	// HOME and the XDG folders and leaves them: the tests' folder holds them.
	tmp := filepath.Join(chrome.dir, "tmp")
	if chrome.err = os.Mkdir(tmp, 0o755); chrome.err != nil {
		return
	}
	env, err := testutil.ConfinedEnv(chrome.dir)
	if chrome.err = err; err != nil {
		return
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chrome.path), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.WindowSize(1400, 1000), chromedp.UserDataDir(filepath.Join(chrome.dir, "profile")),
		chromedp.Env(append(env, "TMPDIR="+tmp)...))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelB := chromedp.NewContext(actx)
	chrome.ctx, chrome.cancel = bctx, func() { cancelB(); cancelA() }
	chrome.err = chromedp.Do(bctx) // starts the browser
}

// TestMain stops the shared Chromium and removes its folder.
func TestMain(m *testing.M) {
	code := m.Run()
	if chrome.cancel != nil {
		chrome.cancel()
	}
	if chrome.dir != "" {
		os.RemoveAll(chrome.dir)
	}
	os.Exit(code)
}

// setSelect chooses value in the select sel and fires its change event.
func setSelect(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`(() => { const e = document.querySelector(` + jsString(sel) + `); e.value = ` + jsString(value) +
		`; e.dispatchEvent(new Event("change")); return e.value; })()`)
}

// setInput sets the value of the input sel and fires its input event.
func setInput(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`(() => { const e = document.querySelector(` + jsString(sel) + `); e.value = ` + jsString(value) +
		`; e.dispatchEvent(new Event("input")); return e.value; })()`)
}

// jsString quotes s for JavaScript.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// waitText waits until the text of sel contains want.
func waitText(sel, want string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](`(() => { const e = document.querySelector(`+jsString(sel)+`); return !!e && e.textContent.includes(`+jsString(want)+`); })()`,
		chromedp.WithPollingTimeout(60*time.Second))
}

// shot saves a screenshot into $EXPLORER_SCREENSHOTS when it is set (the
// docs/explorer/ pictures).
func shot(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("EXPLORER_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	assert.NilError(t, err)
	assert.NilError(t, os.WriteFile(filepath.Join(dir, name), png, 0o644))
}

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
	_, err = chromedp.RunResponse(ctx, chromedp.Click(chromedp.ID("show")))
	assert.NilError(t, err)
	err = chromedp.Do(ctx, waitText("#stdout", "Positions evaluated by static estimation: 453."))
	assert.NilError(t, err)
	count, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("count")))
	assert.NilError(t, err)
	assert.Equal(t, count, "453")
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`.node[data-id="2"] .toggle`)),
		chromedp.WaitVisible(chromedp.CSS(`.node[data-id="3"]`)),
	)
	assert.NilError(t, err)
	kids, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.node[data-id="2"] + ul > li').length`))
	assert.NilError(t, err)
	assert.Equal(t, kids, 48, "node 2's children")
}

// TestBrowserStarCircleStep: the step mode replays a Star/Circle
// alpha-beta to its first cut-off.
func TestBrowserStarCircleStep(t *testing.T) {
	ts, ctx := browser(t)
	in := starcircle.StartInput("ALPHABETA", 3)
	u := ts.URL + "/search?program=starcircle&input=" + url.QueryEscape(in)
	err := chromedp.Do(ctx,
		chromedp.Navigate(u),
		waitText("#step-info", "event 1 of"),
		chromedp.Click(chromedp.ID("step-next")),
		waitText("#step-info", "event 2 of"),
		chromedp.Click(chromedp.ID("step-cut")),
		waitText("#step-info", "cut-off"),
		chromedp.WaitVisible(chromedp.CSS(`.node.current`)),
	)
	assert.NilError(t, err)
	info, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("step-info")))
	assert.NilError(t, err)
	kind, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.ID("step-info"), "data-kind"))
	assert.NilError(t, err)
	assert.Equal(t, kind.Value, "leave cut", info)
	t.Log(info)
	// It is the first cut-off: the API's first leave event with pruned moves.
	status, body := get(t, ts, "/api/step", url.Values{"program": {"starcircle"}, "input": {in}, "event": {"0"}, "find": {"cut"}})
	assert.Equal(t, status, 200, body)
	ev, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("step-info").textContent.split(" ")[1]`))
	assert.NilError(t, err)
	n, err := strconv.Atoi(ev)
	assert.NilError(t, err)
	assert.Assert(t, strings.Contains(body, `"event":`+strconv.Itoa(n-1)+`,`), "page at event %s, API: %.200s", ev, body)
	shot(t, ctx, "search.png")
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
	err := chromedp.Do(ctx, chromedp.Navigate(u), chromedp.WaitVisible(chromedp.CSS(`.node[data-id="1"]`)))
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
	t.Logf("congo-alphabeta depth 4, %s nodes: page load %.0f ms; the tree's first view %s ms after navigation start (%s ms of them from the run request to the tree drawn); %v with Chromium's start",
		count, load, at, first, total.Round(time.Millisecond))
	assert.Assert(t, total < 30*time.Second)
}
