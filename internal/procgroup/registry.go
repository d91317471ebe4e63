package procgroup

import "sync"

var (
	mu sync.Mutex
	// groups holds the groups between Started and Release.
	groups = map[*Group]bool{}
)

// register records g as live.
func register(g *Group) {
	mu.Lock()
	groups[g] = true
	mu.Unlock()
}

// unregister forgets g.
func unregister(g *Group) {
	mu.Lock()
	delete(groups, g)
	mu.Unlock()
}

// KillAll kills every live group: what an interrupted program does before
// it exits, so that nothing it started survives it.
func KillAll() {
	mu.Lock()
	live := make([]*Group, 0, len(groups))
	for g := range groups {
		live = append(live, g)
	}
	mu.Unlock()
	for _, g := range live {
		g.Kill()
	}
}
