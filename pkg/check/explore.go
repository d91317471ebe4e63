package check

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// This file builds the last line of a failing case in the text report: the
// gamesearch serve command that opens the case in the search explorer
// (package explorer), where the reference's search on that input can be
// inspected node by node.

// morrisDescribed reads back a Morris case as describe shows it.
var morrisDescribed = regexp.MustCompile(`\(board (\w+)\) holds ("(?:[^"\\]|\\.)*")\nCOMMAND \S+ \S+ (\d+)`)

// exploreLine returns "explore: gamesearch serve -open '/search?...'" for a
// failing case of program with the report's settings and the case's input
// as the report shows it, or "" when the program has no search the
// explorer shows or the input cannot be read back.
func exploreLine(program, settings, input string) string {
	q := url.Values{}
	switch {
	case program == "congo-minimax" || program == "congo-alphabeta":
		first, _, _ := strings.Cut(input, "\n")
		_, fen, ok := strings.Cut(first, " on stdin: ")
		if !ok {
			return ""
		}
		q.Set("input", fen)
		f := strings.Fields(settings)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "-rules" {
				q.Set("rules", f[i+1])
			}
		}
	case strings.HasPrefix(program, "MiniMax") || strings.HasPrefix(program, "AB"):
		m := morrisDescribed.FindStringSubmatch(input)
		if m == nil {
			return ""
		}
		board, err := strconv.Unquote(m[2])
		if err != nil {
			return ""
		}
		q.Set("input", strings.TrimSpace(board))
		q.Set("board", m[1])
		q.Set("depth", m[3])
	case program == "starcircle":
		text, ok := strings.CutPrefix(input, "input.txt:\n")
		if !ok {
			return ""
		}
		lines := strings.SplitAfter(text, "\n")
		if n := len(lines); n > 0 && lines[n-1] == "" {
			lines = lines[:n-1]
		}
		if len(lines) == 0 || !strings.HasPrefix(lines[len(lines)-1], "(") {
			return ""
		}
		q.Set("input", strings.ReplaceAll(strings.Join(lines[:len(lines)-1], ""), "␍\n", "\r\n"))
	case program == "player":
		_, state, ok := strings.Cut(input, "):\n")
		if !ok {
			return ""
		}
		program = "player_alphabeta"
		q.Set("input", state)
	default:
		return ""
	}
	q.Set("program", program)
	return "explore: gamesearch serve -open '/search?" + q.Encode() + "'"
}
