// Command pack builds the submission archives of the Congo, Star/Circle and
// MiniChess courses: pack [flags] COURSE [NETID]; see package
// github.com/gamesearch/gamesearch/internal/pack/course and docs/packaging.md.
// The scripts scripts/package_<course>.sh run it from the repository root.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/internal/pack/course"
)

func main() {
	os.Exit(course.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
