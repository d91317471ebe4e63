package explorer_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"gotest.tools/v3/assert"
)

// stepResult is the part of /api/step's answer the tests read.
type stepResult struct {
	Event  int    `json:"event"`
	Kind   string `json:"kind"`
	Text   string `json:"text"`
	Note   string `json:"note"`
	Node   node   `json:"node"`
	Frames []struct {
		ID       int    `json:"id"`
		Alpha    string `json:"alpha"`
		Beta     string `json:"beta"`
		Best     string `json:"best"`
		Searched int    `json:"searched"`
	} `json:"frames"`
	Last *explorer.Move `json:"last"`
}

// node is a node of the API.
type node struct {
	ID       int    `json:"id"`
	Move     string `json:"move"`
	Value    string `json:"value"`
	Alpha    string `json:"alpha"`
	Beta     string `json:"beta"`
	Pruned   int    `json:"pruned"`
	Children int    `json:"children"`
	Enter    int    `json:"enter"`
	Leave    int    `json:"leave"`
}

// step calls /api/step on the query q with the extra parameters kv.
func step(t *testing.T, base string, q url.Values, kv ...string) stepResult {
	t.Helper()
	form := url.Values{}
	for k, v := range q {
		form[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		form.Set(kv[i], kv[i+1])
	}
	resp, err := http.PostForm(base+"/api/step", form)
	assert.NilError(t, err)
	body := readAll(t, resp)
	assert.Equal(t, resp.StatusCode, http.StatusOK, body)
	var s stepResult
	assert.NilError(t, json.Unmarshal([]byte(body), &s))
	return s
}

// TestStepNarration replays ABGame's depth-3 search of the README's board
// (fail-soft alpha-beta): every event is one sentence; at each child's
// return the parent's α (MAX) or β (MIN) is the one the next child is
// entered with; the first cut-off is told at the return of the child that
// causes it, with the test and the number of moves left; after the last
// cut-off a note says there is none.
func TestStepNarration(t *testing.T) {
	ts := newServer(t, explorer.Config{})
	srv := ts.URL
	q := url.Values{"program": {"ABGame"}, "input": {"xxxxxxxxWWxWWxBBBxxxxx"}, "depth": {"3"}}
	first := step(t, srv, q, "event", "0")
	assert.Equal(t, first.Text, "The search starts at the root (MAX) with the window α = -inf, β = +inf.")
	assert.Assert(t, first.Last == nil)

	// The root's first child returns: the root's α rises to its value,
	// and the second child is entered with it.
	c1 := step(t, srv, q, "find", "node", "node", "2")
	assert.Equal(t, c1.Text, "The root (MAX) plays b3-b1, move 1 of 8: enter #2 (MIN, ply 1) with α = -inf, β = +inf.")
	assert.DeepEqual(t, c1.Last, &explorer.Move{Text: "b3-b1", From: "b3", To: "b1"})
	back := step(t, srv, q, "event", strconv.Itoa(c1.Node.Leave))
	assert.Equal(t, back.Kind, "leave")
	v := back.Node.Value
	assert.Assert(t, strings.HasSuffix(back.Text, fmt.Sprintf("; %s > α = -inf, so α of the root (MAX) rises to %s.", v, v)), back.Text)
	assert.Equal(t, back.Frames[0].Alpha, v)
	assert.Equal(t, back.Frames[0].Searched, 1)
	next := step(t, srv, q, "event", strconv.Itoa(c1.Node.Leave+1))
	assert.Equal(t, next.Kind, "enter")
	assert.Equal(t, next.Node.Alpha, v, "the second child's window")

	// The first cut-off.
	cut := step(t, srv, q, "event", "0", "find", "cut")
	assert.Equal(t, cut.Kind, "leave cut")
	m := regexp.MustCompile(`^#\d+ \S+ \(MIN\) is a leaf: it is scored (-?\d+); (-?\d+) ≥ β = (-?\d+), so the (\d+) remaining moves of #(\d+) \S+ \(MAX\) are not searched \(cut-off\)\.$`).
		FindStringSubmatch(cut.Text)
	assert.Assert(t, m != nil, cut.Text)
	assert.Equal(t, m[1], m[2])
	got, _ := strconv.Atoi(m[2])
	beta, _ := strconv.Atoi(m[3])
	assert.Assert(t, got >= beta, cut.Text)
	parent := step(t, srv, q, "event", strconv.Itoa(cut.Event+1))
	assert.Equal(t, parent.Kind, "leave")
	assert.Equal(t, strconv.Itoa(parent.Node.ID), m[5])
	assert.Equal(t, strconv.Itoa(parent.Node.Pruned), m[4])
	assert.Assert(t, strings.Contains(parent.Text, fmt.Sprintf("stopped after %d of its %d moves (cut-off)", parent.Node.Children,
		parent.Node.Children+parent.Node.Pruned)), parent.Text)

	// Every cut-off, then the note after the last one.
	e, n := 0, 0
	for {
		s := step(t, srv, q, "event", strconv.Itoa(e), "find", "cut")
		if s.Note != "" {
			assert.Equal(t, s.Event, e, "stays")
			assert.Equal(t, s.Note, fmt.Sprintf("No cut-off after event %d: the search had %d cut-offs in all.", e+1, n))
			break
		}
		assert.Equal(t, s.Kind, "leave cut", s.Text)
		assert.Assert(t, strings.Contains(s.Text, "not searched (cut-off)"), s.Text)
		e, n = s.Event, n+1
	}
	assert.Assert(t, n > 5, "%d cut-offs", n)
}

// TestStepFailHard: congo-alphabeta is fail-hard; a node whose value is
// its window's bound, not its children's best, says so in words.
func TestStepFailHard(t *testing.T) {
	ts := newServer(t, explorer.Config{})
	srv := ts.URL
	q := url.Values{"program": {"congo-alphabeta"}, "input": {"2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"}}
	found := 0
	re := regexp.MustCompile(`\(fail-hard: (it cut off|no move beat α = \S+|no move went below β = \S+), so it returns its bound ([αβ]) = (\S+) instead of its best (\S+)\)`)
	for e := 0; e < 400 && found < 3; e++ {
		s := step(t, srv, q, "event", strconv.Itoa(e))
		m := re.FindStringSubmatch(s.Text)
		if m == nil {
			assert.Assert(t, !strings.Contains(s.Text, "fail-hard"), s.Text)
			continue
		}
		found++
		assert.Equal(t, m[3], s.Node.Value, s.Text)
		bound := s.Node.Alpha
		if m[2] == "β" {
			bound = s.Node.Beta
		}
		if m[1] != "it cut off" {
			assert.Equal(t, m[3], bound, "the window's own bound: %s", s.Text)
		}
		assert.Assert(t, m[4] != m[3], s.Text)
	}
	assert.Assert(t, found == 3, "fail-hard told %d times in 400 events", found)
}
