package explorer

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
)

//go:embed static
var static embed.FS

// Config bounds the server's work. Zero fields take the defaults of
// [DefaultConfig].
type Config struct {
	// MaxInput is the largest input, in bytes.
	MaxInput int
	// MaxBody is the largest request body, in bytes.
	MaxBody int64
	// MaxNodes is the largest tree recorded.
	MaxNodes int
	// SearchTime bounds one search or one engine reply.
	SearchTime time.Duration
	// Searches is the number of searches run at once; QueueTime is how
	// long a request waits for its turn.
	Searches  int
	QueueTime time.Duration
	// CacheBytes bounds the memory of the trees kept for the children and
	// step requests ([Tree.Bytes]).
	CacheBytes int64
	// Hosts are the host names or addresses, besides the loopback ones
	// ("localhost", 127.0.0.0/8, ::1), that the server answers in a
	// request's Host (and Origin) header; any other gets HTTP 403, so that
	// a web page cannot reach the server through a name of its own (DNS
	// rebinding).
	Hosts []string
}

// DefaultConfig returns the server's default bounds: 64 KiB inputs, 1 MiB
// bodies, trees of at most 2,000,000 nodes, 20 s per search, 2 searches
// at once waiting at most 30 s, 256 MiB of cached trees.
func DefaultConfig() Config {
	return Config{MaxInput: 64 << 10, MaxBody: 1 << 20, MaxNodes: 2_000_000, SearchTime: 20 * time.Second,
		Searches: 2, QueueTime: 30 * time.Second, CacheBytes: 256 << 20}
}

// TreeMemory is the bound, in bytes, of the memory of the trees the server
// holds: the cached ones and those of the searches running, each at most
// MaxNodes nodes allocated in chunks of 16,384 ([NodeBytes] each; their
// distinct move labels come on top). With the defaults: 256 MiB + 2 ×
// 2,016,384 × 56 bytes, 471 MiB.
func (c Config) TreeMemory() int64 {
	chunks := (int64(c.MaxNodes) + chunkNodes - 1) / chunkNodes
	return c.CacheBytes + int64(c.Searches)*chunks*chunkNodes*NodeBytes
}

// MemoryLimit is the soft limit of the process's memory that gamesearch
// serve sets (runtime/debug.SetMemoryLimit), so that the garbage collector
// keeps the heap near what is live: the trees' bound ([Config.TreeMemory])
// and 64 MiB for the rest (requests, the programs' own runs, the engine's
// tables in play).
func (c Config) MemoryLimit() int64 { return c.TreeMemory() + 64<<20 }

// Server is the explorer's HTTP handler.
type Server struct {
	games []Game
	cfg   Config
	sem   chan struct{}
	mux   *http.ServeMux
	cache *cache
	// mu guards searched, the bytes of trees searched since the memory
	// was last given back to the system.
	mu       sync.Mutex
	searched int64
}

// orDefault sets a bound that is zero or negative to its default.
func orDefault[T int | int64 | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// NewServer returns the explorer of games with the bounds cfg (zero fields:
// the defaults).
func NewServer(games []Game, cfg Config) *Server {
	def := DefaultConfig()
	orDefault(&cfg.MaxInput, def.MaxInput)
	orDefault(&cfg.MaxBody, def.MaxBody)
	orDefault(&cfg.MaxNodes, def.MaxNodes)
	orDefault(&cfg.SearchTime, def.SearchTime)
	orDefault(&cfg.Searches, def.Searches)
	orDefault(&cfg.QueueTime, def.QueueTime)
	orDefault(&cfg.CacheBytes, def.CacheBytes)
	s := &Server{games: games, cfg: cfg, sem: make(chan struct{}, cfg.Searches), mux: http.NewServeMux(),
		cache: &cache{max: cfg.CacheBytes}}
	files, _ := fs.Sub(static, "static")
	fileServer := http.FileServer(http.FS(files))
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			data, err := static.ReadFile("static/" + name)
			if err != nil {
				http.Error(w, "no such page", http.StatusNotFound)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(data)
		}
	}
	s.mux.HandleFunc("GET /{$}", page("position.html"))
	s.mux.HandleFunc("GET /search", page("search.html"))
	s.mux.HandleFunc("GET /play", page("play.html"))
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", fileServer))
	s.mux.HandleFunc("/api/games", s.handleGames)
	s.mux.HandleFunc("/api/position", s.api(s.handlePosition))
	s.mux.HandleFunc("/api/edit", s.api(s.handleEdit))
	s.mux.HandleFunc("/api/run", s.api(s.handleRun))
	s.mux.HandleFunc("/api/children", s.api(s.handleChildren))
	s.mux.HandleFunc("/api/step", s.api(s.handleStep))
	s.mux.HandleFunc("/api/play/start", s.api(s.handleStart))
	s.mux.HandleFunc("/api/play/state", s.api(s.handleState))
	s.mux.HandleFunc("/api/play/move", s.api(s.handleMove))
	s.mux.HandleFunc("/api/play/think", s.handleThink)
	return s
}

// ServeHTTP implements http.Handler; a panic in a handler is answered
// with HTTP 500 and one line, and the server keeps serving.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			http.Error(w, fmt.Sprintf("internal error: %v", v), http.StatusInternalServerError)
		}
	}()
	if err := s.checkHost(r); err != nil {
		writeError(w, err)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// checkHost refuses, with HTTP 403, a request whose Host header, or Origin
// header when it has one, names neither a loopback address nor one of
// Config.Hosts.
func (s *Server) checkHost(r *http.Request) error {
	if !s.knownHost(r.Host) {
		return &badRequest{status: http.StatusForbidden, msg: fmt.Sprintf("host %s is not this server's: open it as 127.0.0.1 or localhost, or give its name with -addr", quote(r.Host))}
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || !s.knownHost(u.Host) {
			return &badRequest{status: http.StatusForbidden, msg: fmt.Sprintf("origin %s: requests from other sites are refused", quote(o))}
		}
	}
	return nil
}

// knownHost tells whether hostport (a Host header: a name or address and
// an optional port) names a loopback address or one of Config.Hosts.
func (s *Server) knownHost(hostport string) bool {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	h = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]"))
	if h == "localhost" {
		return true
	}
	if ip, err := netip.ParseAddr(h); err == nil && ip.Unmap().IsLoopback() {
		return true
	}
	for _, k := range s.cfg.Hosts {
		if strings.EqualFold(strings.TrimSuffix(strings.TrimPrefix(k, "["), "]"), h) {
			return true
		}
	}
	return false
}

// badRequest is an error answered with HTTP 400 (the default for errors
// of the handlers) or another status.
type badRequest struct {
	status int
	msg    string
}

// Error implements error.
func (e *badRequest) Error() string { return e.msg }

// fail returns a 400 error with the formatted message.
func fail(format string, a ...any) error {
	return &badRequest{status: http.StatusBadRequest, msg: fmt.Sprintf(format, a...)}
}

// api wraps a handler that returns a JSON value or an error: the value is
// written as JSON, the error as one line with its status (400 unless it
// says otherwise). The request's form (query and a bounded body) is parsed
// first.
func (s *Server) api(h func(r *http.Request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := s.parseForm(w, r); err != nil {
			writeError(w, err)
			return
		}
		v, err := h(r)
		if err != nil {
			writeError(w, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		json.NewEncoder(w).Encode(v)
	}
}

// writeError answers err as one line.
func writeError(w http.ResponseWriter, err error) {
	status := http.StatusBadRequest
	var br *badRequest
	if errors.As(err, &br) {
		status = br.status
	}
	msg := strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", " ")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	fmt.Fprintln(w, msg)
}

// parseForm accepts GET and POST (form-encoded, at most MaxBody bytes).
func (s *Server) parseForm(w http.ResponseWriter, r *http.Request) error {
	if r.Method != http.MethodGet && r.Method != http.MethodPost {
		return &badRequest{status: http.StatusMethodNotAllowed, msg: "method " + r.Method + ": want GET or POST"}
	}
	if r.ContentLength > s.cfg.MaxBody {
		return fail("request body of %d bytes: the limit is %d", r.ContentLength, s.cfg.MaxBody)
	}
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	if err := r.ParseForm(); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return fail("request body over %d bytes", s.cfg.MaxBody)
		}
		return fail("bad form: %v", err)
	}
	return nil
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	type gameJSON struct {
		Name     string    `json:"name"`
		Title    string    `json:"title"`
		Notation string    `json:"notation"`
		Programs []Program `json:"programs"`
		Settings []Setting `json:"settings"`
		Examples []string  `json:"examples"`
		// Plays tells whether the Play page offers the game.
		Plays bool `json:"plays"`
	}
	out := []gameJSON{}
	for _, g := range s.games {
		gj := gameJSON{Name: g.Name(), Title: g.Title(), Notation: g.Notation(), Programs: g.Programs(), Settings: g.Settings(), Plays: true}
		if p, ok := g.(Player); ok {
			gj.Plays = p.Plays()
		}
		for _, p := range gj.Programs {
			gj.Examples = append(gj.Examples, g.Example(p.Name))
		}
		out = append(out, gj)
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

// Player is implemented by a Game that tells whether it can be played
// (the Play page lists only those); a Game without it is played.
type Player interface {
	Plays() bool
}

// gameByName returns the game called name.
func (s *Server) gameByName(name string) (Game, error) {
	var names []string
	for _, g := range s.games {
		if g.Name() == name {
			return g, nil
		}
		names = append(names, g.Name())
	}
	if name == "" {
		return nil, fail("missing game (want %s)", strings.Join(names, ", "))
	}
	return nil, fail("unknown game %s (want %s)", quote(name), strings.Join(names, ", "))
}

// quote bounds and quotes text from a request for a message.
func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.Quote(s)
}

// query reads and checks the program, input, depth and settings of a
// request, and returns the game and program.
func (s *Server) query(r *http.Request) (Game, Program, Query, error) {
	name := r.Form.Get("program")
	var q Query
	if name == "" {
		return nil, Program{}, q, fail("missing program")
	}
	var g Game
	var prog Program
	var all []string
	for _, gg := range s.games {
		for _, p := range gg.Programs() {
			all = append(all, p.Name)
			if p.Name == name && g == nil {
				g, prog = gg, p
			}
		}
	}
	if g == nil {
		return nil, Program{}, q, fail("unknown program %s (want %s)", quote(name), strings.Join(all, ", "))
	}
	if gn := r.Form.Get("game"); gn != "" && gn != g.Name() {
		return nil, Program{}, q, fail("program %s is not a %s program", name, quote(gn))
	}
	q = Query{Program: name, Input: r.Form.Get("input"), Settings: map[string]string{}}
	if len(q.Input) > s.cfg.MaxInput {
		return nil, Program{}, q, fail("input of %d bytes: the limit is %d", len(q.Input), s.cfg.MaxInput)
	}
	if d := r.Form.Get("depth"); d != "" {
		n, err := strconv.Atoi(d)
		if err != nil || n < 0 {
			return nil, Program{}, q, fail("depth %s: want a number from 1 to %d", quote(d), prog.MaxDepth)
		}
		if n > prog.MaxDepth || prog.FixedDepth && n != 0 && n != prog.Depth && prog.Depth != 0 {
			if prog.FixedDepth {
				return nil, Program{}, q, fail("depth %d: %s searches depth %d only", n, prog.Name, prog.Depth)
			}
			return nil, Program{}, q, fail("depth %d: the explorer shows %s up to depth %d", n, prog.Name, prog.MaxDepth)
		}
		q.Depth = n
	}
	if err := s.settings(g, r, q.Settings); err != nil {
		return nil, Program{}, q, err
	}
	return g, prog, q, nil
}

// settings reads the game's settings from the request into dst.
func (s *Server) settings(g Game, r *http.Request, dst map[string]string) error {
	for _, st := range g.Settings() {
		v := r.Form.Get(st.Param)
		if v == "" {
			continue
		}
		ok := false
		for _, w := range st.Values {
			ok = ok || w == v
		}
		if !ok {
			return fail("%s %s: want one of %s", st.Param, quote(v), strings.Join(st.Values, ", "))
		}
		dst[st.Param] = v
	}
	return nil
}

func (s *Server) handlePosition(r *http.Request) (any, error) {
	g, _, q, err := s.query(r)
	if err != nil {
		return nil, err
	}
	return g.Position(q)
}

func (s *Server) handleEdit(r *http.Request) (any, error) {
	g, _, q, err := s.query(r)
	if err != nil {
		return nil, err
	}
	in, err := g.Edit(q, r.Form.Get("square"), r.Form.Get("piece"))
	if err != nil {
		return nil, err
	}
	return map[string]string{"input": in}, nil
}

// acquire waits for a search slot; the returned function releases it,
// saying how many bytes of trees the search may have allocated.
func (s *Server) acquire(ctx context.Context) (func(bytes int64), error) {
	t := time.NewTimer(s.cfg.QueueTime)
	defer t.Stop()
	select {
	case s.sem <- struct{}{}:
		return s.release, nil
	case <-ctx.Done():
		return nil, ErrStopped
	case <-t.C:
		return nil, &badRequest{status: http.StatusServiceUnavailable, msg: "busy: every search slot is taken; try again"}
	}
}

// freeAfter is the bytes of trees searched since the memory was last
// given back to the system above which the server gives it back when its
// last running search ends.
const freeAfter = 64 << 20

// release frees a search slot. When no search is left running and the
// searches since the last time allocated freeAfter bytes of trees or
// more, the memory the garbage collector frees (trees dropped, trees
// evicted from the cache) is given back to the system at once, in the
// background, so that an idle server holds little more than its cache.
func (s *Server) release(bytes int64) {
	s.mu.Lock()
	s.searched += bytes
	free := len(s.sem) == 1 && s.searched >= freeAfter
	if free {
		s.searched = 0
	}
	<-s.sem
	s.mu.Unlock()
	if free {
		go debug.FreeOSMemory()
	}
}

// stopper returns a stop test for ctx with the server's time limit, and
// its cancel function.
func (s *Server) stopper(ctx context.Context) (func() bool, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.SearchTime)
	return func() bool { return ctx.Err() != nil }, cancel
}

// run returns the run of the request's query, from the cache or searched
// now.
func (s *Server) run(r *http.Request) (*Run, Game, Query, error) {
	g, _, q, err := s.query(r)
	if err != nil {
		return nil, nil, q, err
	}
	key := cacheKey(q)
	if run := s.cache.get(key); run != nil {
		return run, g, q, nil
	}
	release, err := s.acquire(r.Context())
	if err != nil {
		return nil, nil, q, err
	}
	bytes := int64(s.cfg.MaxNodes) * NodeBytes // a search stopped or too big may have recorded that much
	defer func() { release(bytes) }()
	stop, cancel := s.stopper(r.Context())
	defer cancel()
	run, err := g.Run(q, Limits{MaxNodes: s.cfg.MaxNodes, Stop: stop})
	if err == nil {
		bytes = run.Tree.Bytes()
	}
	if err != nil {
		if errors.Is(err, ErrStopped) && r.Context().Err() == nil {
			return nil, nil, q, fail("the search took longer than %v; lower the depth", s.cfg.SearchTime)
		}
		return nil, nil, q, err
	}
	s.cache.put(key, run)
	return run, g, q, nil
}

// cacheKey identifies a query.
func cacheKey(q Query) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\x00%d\x00%s", q.Program, q.Depth, q.Input)
	keys := make([]string, 0, len(q.Settings))
	for k := range q.Settings {
		keys = append(keys, k)
	}
	sortStrings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "\x00%s=%s", k, q.Settings[k])
	}
	return b.String()
}

// sortStrings sorts a few strings in place.
func sortStrings(a []string) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// cache keeps the latest runs, at most max bytes of trees in all.
type cache struct {
	mu    sync.Mutex
	max   int64
	bytes int64
	keys  []string
	runs  map[string]*Run
}

func (c *cache) get(key string) *Run {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.runs[key]
}

// put keeps run, forgetting the oldest runs to make room; a run larger
// than the whole cache is not kept.
func (c *cache) put(key string, run *Run) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.runs == nil {
		c.runs = map[string]*Run{}
	}
	if _, ok := c.runs[key]; ok {
		return
	}
	n := run.Tree.Bytes()
	if n > c.max {
		return
	}
	for len(c.keys) > 0 && c.bytes+n > c.max {
		old := c.keys[0]
		c.keys = c.keys[1:]
		c.bytes -= c.runs[old].Tree.Bytes()
		delete(c.runs, old)
	}
	c.keys = append(c.keys, key)
	c.runs[key] = run
	c.bytes += n
}

// size returns the bytes of the cached trees.
func (c *cache) size() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}
