// Package explorertest is the support of the explorer's browser tests: a
// headless Chromium (Debian's chromium package) shared by the tests of a
// package, driven with chromedp, and the actions they share. A game's own
// explorer pages are tested with it in the game's gamedef package.
package explorertest

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/explorer"
)

// chrome is the headless Chromium the tests share: started by the first
// of them, a tab for each, stopped by [Stop] with its folder.
var chrome struct {
	once   sync.Once
	path   string          // the executable, "" when there is none
	dir    string          // its profile and TMPDIR
	ctx    context.Context // the browser's context
	cancel func()
	err    error
}

// Browser starts the explorer of games and opens a tab of the shared
// headless Chromium, or skips the test with one line when there is none.
// The package's TestMain must call [Stop] after its tests.
func Browser(t *testing.T, games []explorer.Game) (*httptest.Server, context.Context) {
	t.Helper()
	chrome.once.Do(startChrome)
	if chrome.path == "" {
		t.Skip("no chromium installed (apt-get install -y chromium): the browser tests are skipped")
	}
	if chrome.err != nil {
		t.Fatal(chrome.err)
	}
	ts := httptest.NewServer(explorer.NewServer(games, explorer.Config{}))
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

// Stop stops the shared Chromium and removes its folder.
func Stop() {
	if chrome.cancel != nil {
		chrome.cancel()
	}
	if chrome.dir != "" {
		os.RemoveAll(chrome.dir)
	}
}

// SetSelect chooses value in the select sel and fires its change event.
func SetSelect(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`(() => { const e = document.querySelector(` + JSString(sel) + `); e.value = ` + JSString(value) +
		`; e.dispatchEvent(new Event("change")); return e.value; })()`)
}

// SetInput sets the value of the input sel and fires its input event.
func SetInput(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`(() => { const e = document.querySelector(` + JSString(sel) + `); e.value = ` + JSString(value) +
		`; e.dispatchEvent(new Event("input")); return e.value; })()`)
}

// JSString quotes s for JavaScript.
func JSString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// WaitText waits until the text of sel contains want.
func WaitText(sel, want string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](`(() => { const e = document.querySelector(`+JSString(sel)+`); return !!e && e.textContent.includes(`+JSString(want)+`); })()`,
		chromedp.WithPollingTimeout(60*time.Second))
}

// Shot saves a screenshot called name into $EXPLORER_SCREENSHOTS when it
// is set (the docs/explorer/ pictures).
func Shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("EXPLORER_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
