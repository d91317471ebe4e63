// Package gamesearch holds the public conformance corpora of the
// registered games (testdata/conformance/<game>: the published expected
// outputs, see each game's README there), embedded so that a gamesearch binary built or
// copied anywhere checks programs without the repository.
package gamesearch

import (
	"embed"
	"io/fs"
)

//go:embed testdata/conformance
var conformance embed.FS

// Conformance returns the corpora as the folder testdata/conformance holds
// them: one folder per game at the top ("congo/2022/exec_500.in").
func Conformance() fs.FS {
	sub, err := fs.Sub(conformance, "testdata/conformance")
	if err != nil {
		panic(err) // the embedded folder always exists
	}
	return sub
}
