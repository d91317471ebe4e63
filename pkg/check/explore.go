package check

import (
	"strings"
)

// This file builds the last line of a failing case in the text report: the
// gamesearch serve command that opens the case in the search explorer
// (package explorer), where the reference's search on that input can be
// inspected node by node.

// exploreLine returns "explore: gamesearch serve -open '/search?...'" for a
// failing case of p with the report's settings and the case's input as
// the report shows it, or "" when the program has no search the explorer
// shows or the input cannot be read back (the family's Explore says).
func exploreLine(p *Program, settings, input string) string {
	if p == nil || p.Family == nil || p.Family.Explore == nil {
		return ""
	}
	q := p.Family.Explore(p, settings, input)
	if q == nil {
		return ""
	}
	if !q.Has("program") {
		q.Set("program", p.Name)
	}
	return "explore: gamesearch serve -open '/search?" + q.Encode() + "'"
}

// SettingValue returns the value of flag -name in a report's settings
// ("-rules 2022 -n 200"), or "".
func SettingValue(settings, name string) string {
	f := strings.Fields(settings)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == "-"+name {
			return f[i+1]
		}
	}
	return ""
}
