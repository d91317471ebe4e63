package explorer_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/games"
	"gotest.tools/v3/assert"
)

// oneLine asserts that a body is one line.
func oneLine(t *testing.T, body string) {
	t.Helper()
	assert.Assert(t, strings.HasSuffix(body, "\n") && strings.Count(body, "\n") == 1 && len(body) > 1, "not one line: %q", body)
}

// settle waits until the number of goroutines is at most want.
func settle(want int) int {
	n := runtime.NumGoroutine()
	for i := 0; i < 100 && n > want; i++ {
		time.Sleep(50 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

func TestHostileRequests(t *testing.T) {
	before := runtime.NumGoroutine()
	ts := httptestServer(explorer.Config{MaxNodes: 300_000, SearchTime: 20 * time.Second, Searches: 2, QueueTime: 20 * time.Second})

	// Bad requests: 400 and one line naming the problem.
	bad := []struct {
		path string
		form url.Values
		want string
	}{
		{"/api/run", url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "depth": {"1000000"}}, "depth 1000000"},
		{"/api/run", url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "depth": {"-1"}}, "depth"},
		{"/api/run", url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "depth": {"x"}}, "depth"},
		{"/api/run", url.Values{"program": {"congo-alphabeta"}, "input": {"2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"}, "depth": {"9"}}, "up to depth 8"},
		{"/api/run", url.Values{"program": {"MiniMaxGame"}, "input": {"xxxxxxxxxxWWWWBBBBxxxx"}, "depth": {"8"}}, "more than 300000 nodes"},
		{"/api/run", url.Values{"program": {"rm -rf"}, "input": {"x"}}, "unknown program"},
		{"/api/run", url.Values{"input": {"x"}}, "missing program"},
		{"/api/run", url.Values{"program": {"congo-alphabeta"}, "input": {"7/7/7 w 1"}}, "congo-alphabeta: line 2"},
		{"/api/run", url.Values{"program": {"congo-alphabeta"}, "input": {"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nx"}}, "one FEN line"},
		{"/api/run", url.Values{"program": {"congo-alphabeta"}, "input": {"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"}, "rules": {"1999"}}, "rules"},
		{"/api/run", url.Values{"program": {"ABGame"}, "input": {"WWWWWWWWWWWWWWWWWWWWWW"}, "board": {"S23"}}, "board"},
		{"/api/run", url.Values{"program": {"ABGame"}, "input": {"xxQ"}}, "ABGame: board.txt"},
		{"/api/run", url.Values{"program": {"starcircle"}, "input": {"Star\nMINIMAX\n11\n"}}, "starcircle: stdin: line"},
		{"/api/run", url.Values{"program": {"player_alphabeta"}, "input": {"0 1 2"}}, "player_alphabeta: state.txt"},
		{"/api/run", url.Values{"program": {"player_alphabeta"}, "input": {"kqbnr/ppppp/5/5/PPPPP/RNBQK w"}, "depth": {"99"}}, "depth 99"},
		{"/api/run", url.Values{"program": {"ABGame"}, "input": {strings.Repeat("x", 100_000)}}, "input of 100000 bytes"},
		{"/api/children", url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "node": {"0"}}, "node"},
		{"/api/children", url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "node": {"99999999"}}, "node"},
		{"/api/step", url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "event": {"-3"}}, "event"},
		{"/api/step", url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "find": {"nowhere"}}, "find"},
		{"/api/edit", url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "square": {"z9"}, "piece": {"W"}}, "point"},
		{"/api/edit", url.Values{"program": {"congo-minimax"}, "input": {"7/7/7/7/7/7/7 w 1"}, "square": {"a1"}, "piece": {"Q"}}, "piece"},
		{"/api/play/start", url.Values{"game": {"chess"}}, "unknown game"},
		{"/api/play/state", url.Values{"game": {"congo"}, "state": {"2022 nonsense"}}, "state"},
		{"/api/play/move", url.Values{"game": {"minichess"}, "state": {"kqbnr/ppppp/5/5/PPPPP/RNBQK w 0"}, "move": {"A1A6"}}, "illegal move"},
		{"/api/play/state", url.Values{"game": {"starcircle"}, "state": {"moves 9 9 9\n" + scExample()}}, "state"},
		{"/api/play/think", url.Values{"game": {"congo"}, "state": {"2022 gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"}, "engine": {"deep blue"}}, "engine"},
		{"/api/play/think", url.Values{"game": {"congo"}, "state": {"2022 gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"}, "engine": {"engine"}, "time": {"99999999"}}, "time"},
	}
	for _, b := range bad {
		status, body := postForm(t, ts.URL+b.path, b.form)
		assert.Equal(t, status, http.StatusBadRequest, "%s %v: %s", b.path, b.form, body)
		oneLine(t, body)
		assert.Assert(t, strings.Contains(body, b.want), "%s: %q does not name %q", b.path, body, b.want)
	}

	// A 10 MB body.
	big := strings.NewReader("program=ABGame&input=" + strings.Repeat("x", 10<<20))
	resp, err := http.Post(ts.URL+"/api/run", "application/x-www-form-urlencoded", big)
	assert.NilError(t, err)
	body := readAll(t, resp)
	assert.Equal(t, resp.StatusCode, http.StatusBadRequest, body)
	oneLine(t, body)

	// 100 concurrent searches, every one a different input: each is
	// answered, within the queue's bound.
	start := time.Now()
	var wg sync.WaitGroup
	statuses := make([]int, 100)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := []byte("xxxxxxxxxxxxxxxxxxxxxx")
			b[i%22], b[(i/22+5)%22], b[(i*7+3)%22] = 'W', 'B', 'W'
			statuses[i], _ = postForm(t, ts.URL+"/api/run", url.Values{"program": {"ABGame"}, "input": {string(b)}, "depth": {"4"}})
		}()
	}
	wg.Wait()
	for i, s := range statuses {
		assert.Assert(t, s == http.StatusOK || s == http.StatusBadRequest, "search %d: status %d", i, s)
	}
	t.Logf("100 concurrent searches answered in %v", time.Since(start).Round(time.Millisecond))

	// A client that goes away mid-search: the search stops and frees its
	// slot.
	slow := httptestServer(explorer.Config{MaxNodes: 3_000_000, SearchTime: time.Minute, Searches: 1})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	req, _ := http.NewRequestWithContext(ctx, "GET", slow.URL+"/api/run?program=MiniMaxGame&depth=8&input=xxxxxxxxxxWWWWBBBBxxxx", nil)
	_, err = http.DefaultClient.Do(req)
	cancel()
	assert.Assert(t, err != nil, "the huge search answered")
	t0 := time.Now()
	status, body := postForm(t, slow.URL+"/api/run", url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "depth": {"3"}})
	assert.Equal(t, status, http.StatusOK, body)
	assert.Assert(t, time.Since(t0) < 5*time.Second, "the abandoned search held its slot for %v", time.Since(t0))

	// Still serving.
	status, body = postForm(t, ts.URL+"/api/games", nil)
	assert.Equal(t, status, http.StatusOK, body)

	ts.Close()
	slow.Close()
	http.DefaultClient.CloseIdleConnections()
	after := settle(before)
	assert.Assert(t, after <= before, "goroutines: %d before, %d after", before, after)
	t.Logf("goroutines: %d before, %d after", before, after)
}

// httptestServer starts an explorer; the caller closes it.
func httptestServer(cfg explorer.Config) *httptest.Server {
	return httptest.NewServer(explorer.NewServer(games.Explorers(), cfg))
}

// readAll reads and closes a response body.
func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	assert.NilError(t, err)
	return string(data)
}

// postForm posts form to u and returns the status and body.
func postForm(t *testing.T, u string, form url.Values) (int, string) {
	t.Helper()
	resp, err := http.PostForm(u, form)
	assert.NilError(t, err)
	return resp.StatusCode, readAll(t, resp)
}

// scExample is the Star/Circle example input.
func scExample() string {
	return fmt.Sprint("Star\nALPHABETA\n2\n", strings.Repeat("0,0,0,0,0,0,0,0\n", 6), "0,S1,0,0,0,0,0,0\n0,0,C1,0,0,0,0,0\n10,20,30,40,50,60,70,80\n")
}

// TestHostHeader: only a Host that names a loopback address or one of
// Config.Hosts is answered, and only an Origin that does; any other gets
// HTTP 403 and one line (a page of another site reaching the server
// through a name of its own, DNS rebinding, or posting to it).
func TestHostHeader(t *testing.T) {
	ts := httptestServer(explorer.Config{Hosts: []string{"Study.LAN"}})
	defer ts.Close()
	for _, c := range []struct {
		host, origin string
		want         int
	}{
		{"", "", http.StatusOK}, // the test server's own 127.0.0.1:PORT
		{"localhost:8080", "", http.StatusOK},
		{"LOCALHOST", "", http.StatusOK},
		{"127.0.0.2:9", "", http.StatusOK},
		{"[::1]:8080", "", http.StatusOK},
		{"study.lan:8080", "", http.StatusOK},
		{"", "http://localhost:8080", http.StatusOK},
		{"evil.example.com", "", http.StatusForbidden},
		{"evil.example.com:8080", "", http.StatusForbidden},
		{"localhost.evil.example.com", "", http.StatusForbidden},
		{"127.0.0.1.evil.example.com", "", http.StatusForbidden},
		{"10.0.0.1:8080", "", http.StatusForbidden},
		{"", "http://evil.example.com", http.StatusForbidden},
		{"", "null", http.StatusForbidden},
	} {
		for _, path := range []string{"/api/games", "/api/run?program=ABGame&depth=1&input=xxxxxxxxWWxWWxBBBxxxxx", "/"} {
			req, err := http.NewRequest("GET", ts.URL+path, nil)
			assert.NilError(t, err)
			if c.host != "" {
				req.Host = c.host
			}
			if c.origin != "" {
				req.Header.Set("Origin", c.origin)
			}
			resp, err := http.DefaultClient.Do(req)
			assert.NilError(t, err)
			body := readAll(t, resp)
			assert.Equal(t, resp.StatusCode, c.want, "Host %q Origin %q %s: %s", c.host, c.origin, path, body)
			if c.want == http.StatusForbidden {
				oneLine(t, body)
				assert.Assert(t, strings.Contains(body, "evil.example.com") || strings.Contains(body, "10.0.0.1") ||
					strings.Contains(body, "null"), body)
			}
		}
	}
}
