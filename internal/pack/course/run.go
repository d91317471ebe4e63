package course

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/gamesearch/gamesearch/internal/pack"
)

// usage is the help text of the pack command.
const usage = `usage: pack [-repo DIR] [-dist DIR] [-max-moves N] [-platforms LIST] COURSE [NETID]
Builds the submission archive of COURSE (congo, starcircle or minichess):
  congo NETID       dist/congo/NETID.zip: sources, README.txt, handout
                    examples, REPORT.md with the Part 6 round robin
  starcircle NETID  dist/starcircle/NETID.zip: sources, README.txt, the five
                    handout examples with the program's outputs
  minichess [NETID] dist/minichess-<os>-<arch>.zip for each platform: the
                    programs, README.txt on running a game, sources
NETID: 3 to 20 letters or digits (lower-cased).
  -repo DIR        repository root (default: the current directory)
  -dist DIR        directory of the archives (default: REPO/dist)
  -max-moves N     congo: draw after N moves by each side (default 100)
  -platforms LIST  minichess: comma-separated GOOS/GOARCH list (default
                   linux/amd64,windows/amd64,darwin/amd64,darwin/arm64)
`

// Run is the pack command: args without the program name; the result is
// the exit status: 0 success, 1 failure while building, 2 bad arguments
// (one line on stderr). Progress lines go to stderr; the paths of the
// archives written go to stdout, one per line.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pack", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg Config
	repo := fs.String("repo", ".", "")
	fs.StringVar(&cfg.Dist, "dist", "", "")
	fs.IntVar(&cfg.MaxMoves, "max-moves", 0, "")
	platforms := fs.String("platforms", "", "")
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "pack: %s\n", strings.ReplaceAll(fmt.Sprintf(format, a...), "\n", " "))
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, usage)
			return 0
		}
		return bad("%v (pack -h for usage)", err)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return bad("no course given (want congo, starcircle or minichess; pack -h for usage)")
	}
	course := rest[0]
	known := false
	for _, c := range Courses {
		known = known || c == course
	}
	if !known {
		return bad("unknown course %q (want congo, starcircle or minichess)", course)
	}
	switch {
	case len(rest) > 2:
		return bad("unexpected argument %q after the NETID", rest[2])
	case len(rest) == 2:
		id, err := pack.NetID(rest[1])
		if err != nil {
			return bad("%v", err)
		}
		cfg.NetID = id
	case course != "minichess":
		return bad("%s: no NETID given (usage: pack %s NETID)", course, course)
	}
	if cfg.MaxMoves < 0 || cfg.MaxMoves > 10000 {
		return bad("-max-moves %d: want 1 to 10000", cfg.MaxMoves)
	}
	if *platforms != "" {
		for _, pl := range strings.Split(*platforms, ",") {
			goos, goarch, ok := strings.Cut(pl, "/")
			if !ok || goos == "" || goarch == "" || strings.Contains(goarch, "/") {
				return bad("-platforms: %q is not GOOS/GOARCH", pl)
			}
			cfg.Platforms = append(cfg.Platforms, pl)
		}
	}
	root, err := pack.RepoRoot(*repo)
	if err != nil {
		return bad("-repo %s: %v", *repo, err)
	}
	cfg.Repo = root
	if cfg.Dist != "" {
		if cfg.Dist, err = filepath.Abs(cfg.Dist); err != nil {
			return bad("-dist %s: %v", cfg.Dist, err)
		}
	}
	cfg.Log = stderr
	outs, err := Build(course, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "pack: %s: %s\n", course, strings.ReplaceAll(err.Error(), "\n", "; "))
		return 1
	}
	for _, o := range outs {
		fmt.Fprintln(stdout, o)
	}
	return 0
}
