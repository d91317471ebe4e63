package congo

import (
	"os"
	"strings"
	"testing"
)

// loadPositions reads a course input file: N, then N FEN lines.
func loadPositions(t testing.TB, path string) []Position {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	ps := make([]Position, 0, len(lines)-1)
	for _, l := range lines[1:] {
		ps = append(ps, mustFEN(t, l))
	}
	return ps
}
