package explorer

import "strconv"

// ScoreText words an engine's score v for the side it searched for: "win
// in N" or "loss in N" (N plies, both sides' moves, to the end of the game)
// when |v| is at least bound, a won position being worth win at the node
// itself and win - N when the win is N plies away; the number otherwise.
func ScoreText(v, win, bound int64) string {
	switch {
	case v >= bound:
		return "win in " + strconv.FormatInt(win-v, 10)
	case v <= -bound:
		return "loss in " + strconv.FormatInt(win+v, 10)
	}
	return strconv.FormatInt(v, 10)
}
