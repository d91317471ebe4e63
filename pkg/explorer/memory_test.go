package explorer_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"gotest.tools/v3/assert"
)

// procStatus reads a field of /proc/self/status in bytes (VmHWM: the peak
// resident memory, VmRSS: the resident memory); ok is false where there
// is no such file.
func procStatus(field string) (int64, bool) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// heap returns the live heap after a collection.
func heap() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// morrisLoad sends n concurrent depth-5 searches of the Morris programs on
// boards near the README's, each a different one, and returns the
// statuses by program.
func morrisLoad(t testing.TB, ts *httptest.Server, n int) map[string]string {
	var wg sync.WaitGroup
	var mu sync.Mutex
	got := map[string][]int{}
	for i := range n {
		wg.Go(func() {
			b := []byte("xxxxxxxxWWxWWxBBBxxxxx")
			b[i%22], b[(i*7+3)%22] = 'x', "WB"[i%2]
			prog := []string{"ABGame", "MiniMaxGame", "ABOpening", "MiniMaxOpening"}[i%4]
			resp, err := http.PostForm(ts.URL+"/api/run", url.Values{"program": {prog}, "input": {string(b)}, "depth": {"5"}})
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			mu.Lock()
			got[prog] = append(got[prog], resp.StatusCode)
			mu.Unlock()
		})
	}
	wg.Wait()
	out := map[string]string{}
	for p, st := range got {
		ok := 0
		for _, s := range st {
			if s == http.StatusOK {
				ok++
			}
		}
		out[p] = fmt.Sprintf("%d of %d answered", ok, len(st))
	}
	return out
}

// TestMemoryBound: 30 concurrent depth-5 Morris searches on a server with
// 400,000-node trees and a 24 MiB cache, under its memory limit as
// gamesearch serve sets it. The resident memory grows by at most the
// limit (a soft one: the collector may overshoot it by a little, 10% here),
// and once the searches end the live heap holds no more than the cache.
func TestMemoryBound(t *testing.T) {
	cfg := explorer.Config{MaxNodes: 400_000, CacheBytes: 24 << 20, Searches: 2}
	full := explorer.DefaultConfig()
	full.MaxNodes, full.CacheBytes, full.Searches = cfg.MaxNodes, cfg.CacheBytes, cfg.Searches
	bound := full.TreeMemory()
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(full.MemoryLimit()))
	assert.Equal(t, explorer.NodeBytes, int64(56))
	assert.Equal(t, bound, int64(24<<20+2*25*16384*56))
	assert.Equal(t, explorer.DefaultConfig().TreeMemory(), int64(256<<20+2*123*16384*56))
	ts := httptestServer(cfg)
	defer ts.Close()
	base := heap()
	debug.FreeOSMemory()
	rss0, ok := procStatus("VmRSS")
	hasHWM := ok && os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
	got := morrisLoad(t, ts, 30)
	t.Log(got)
	assert.Equal(t, got["ABGame"], "8 of 8 answered")
	assert.Equal(t, got["ABOpening"], "7 of 7 answered")
	assert.Equal(t, got["MiniMaxOpening"], "0 of 7 answered", "over 400,000 nodes")
	live := heap() - base
	t.Logf("live heap after the searches: %.1f MiB (cache bound %d MiB)", float64(live)/(1<<20), cfg.CacheBytes>>20)
	assert.Assert(t, live <= cfg.CacheBytes+4<<20, "live heap %d bytes over the cache's %d", live, cfg.CacheBytes)
	if hasHWM {
		peak, _ := procStatus("VmHWM")
		t.Logf("resident memory: %.0f MiB before, peak %.0f MiB; the trees' bound %.0f MiB, the limit %.0f MiB", float64(rss0)/(1<<20),
			float64(peak)/(1<<20), float64(bound)/(1<<20), float64(full.MemoryLimit())/(1<<20))
		assert.Assert(t, peak-rss0 <= full.MemoryLimit()*11/10, "peak %d bytes over %d at the start; the limit is %d", peak, rss0, full.MemoryLimit())
	}
}

// BenchmarkMemory30Morris measures the resident memory of the explorer
// with its default bounds under 30 concurrent depth-5 Morris searches:
// its peak (peak-MiB), and after they end and the server gave memory back
// (idle-MiB), with the tree bound (bound-MiB).
func BenchmarkMemory30Morris(b *testing.B) {
	if _, ok := procStatus("VmHWM"); !ok {
		b.Skip("no /proc/self/status")
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(explorer.DefaultConfig().MemoryLimit()))
	for b.Loop() {
		ts := httptestServer(explorer.Config{})
		os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
		b.Log(morrisLoad(b, ts, 30))
		peak, _ := procStatus("VmHWM")
		ts.Close()
		idle := settledRSS()
		b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
		b.ReportMetric(float64(idle)/(1<<20), "idle-MiB")
		b.ReportMetric(float64(explorer.DefaultConfig().TreeMemory())/(1<<20), "bound-MiB")
		b.ReportMetric(float64(explorer.DefaultConfig().MemoryLimit())/(1<<20), "limit-MiB")
	}
}

// settledRSS returns the resident memory once it stopped falling (the
// server gives memory back in the background when its last search ends),
// polling for at most 5 s.
func settledRSS() int64 {
	rss, _ := procStatus("VmRSS")
	for range 50 {
		time.Sleep(100 * time.Millisecond)
		now, _ := procStatus("VmRSS")
		if now >= rss {
			return now
		}
		rss = now
	}
	return rss
}
