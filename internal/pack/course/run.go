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

// UsageError is a bad command line or course argument: the pack command
// reports it on one stderr line with exit status 2.
type UsageError struct{ Msg string }

// Error returns the message.
func (e *UsageError) Error() string { return e.Msg }

// usagef returns a *UsageError.
func usagef(format string, a ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, a...)}
}

// errHelp is returned by parseArgs for -h.
var errHelp = errors.New("help requested")

// parseArgs reads the command line of the pack command: the course and its
// configuration (Repo is the -repo value, not yet resolved). It does no
// I/O.
func parseArgs(args []string) (string, Config, string, error) {
	fs := flag.NewFlagSet("pack", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg Config
	repo := fs.String("repo", ".", "")
	fs.StringVar(&cfg.Dist, "dist", "", "")
	fs.IntVar(&cfg.MaxMoves, "max-moves", 0, "")
	platforms := fs.String("platforms", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", cfg, "", errHelp
		}
		return "", cfg, "", usagef("%v (pack -h for usage)", err)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return "", cfg, "", usagef("no course given (want congo, starcircle or minichess; pack -h for usage)")
	}
	course := rest[0]
	known := false
	for _, c := range Courses {
		known = known || c == course
	}
	if !known {
		return "", cfg, "", usagef("unknown course %q (want congo, starcircle or minichess)", course)
	}
	switch {
	case len(rest) > 2:
		return "", cfg, "", usagef("unexpected argument %q after the NETID", rest[2])
	case len(rest) == 2:
		id, err := pack.NetID(rest[1])
		if err != nil {
			return "", cfg, "", usagef("%v", err)
		}
		cfg.NetID = id
	case course != "minichess":
		return "", cfg, "", usagef("%s: no NETID given (usage: pack %s NETID)", course, course)
	}
	if cfg.MaxMoves < 0 || cfg.MaxMoves > 10000 {
		return "", cfg, "", usagef("-max-moves %d: want 1 to 10000", cfg.MaxMoves)
	}
	if *platforms != "" {
		for _, pl := range strings.Split(*platforms, ",") {
			if !validPlatform(pl) {
				return "", cfg, "", usagef("-platforms: %q is not GOOS/GOARCH", pl)
			}
			cfg.Platforms = append(cfg.Platforms, pl)
		}
	}
	return course, cfg, *repo, nil
}

// validPlatform reports whether pl has the form GOOS/GOARCH with two
// non-empty words of lower-case letters and digits.
func validPlatform(pl string) bool {
	goos, goarch, ok := strings.Cut(pl, "/")
	word := func(s string) bool {
		if s == "" {
			return false
		}
		for _, c := range s {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
				return false
			}
		}
		return true
	}
	return ok && word(goos) && word(goarch)
}

// Run is the pack command: args without the program name; the result is
// the exit status: 0 success, 1 failure while building, 2 bad arguments
// (one line on stderr). Progress lines go to stderr; the paths of the
// archives written go to stdout, one per line.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	oneLine := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "\r", " "), "\n", " ") }
	course, cfg, repo, err := parseArgs(args)
	if err == errHelp {
		io.WriteString(stderr, usage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "pack: %s\n", oneLine(err.Error()))
		return 2
	}
	root, err := pack.RepoRoot(repo)
	if err != nil {
		fmt.Fprintf(stderr, "pack: -repo %s: %s\n", oneLine(repo), oneLine(err.Error()))
		return 2
	}
	cfg.Repo = root
	if cfg.Dist != "" {
		if cfg.Dist, err = filepath.Abs(cfg.Dist); err != nil {
			fmt.Fprintf(stderr, "pack: -dist: %s\n", oneLine(err.Error()))
			return 2
		}
	}
	cfg.Log = stderr
	outs, err := Build(course, cfg)
	if err != nil {
		code := 1
		var ue *UsageError
		if errors.As(err, &ue) {
			code = 2
		}
		fmt.Fprintf(stderr, "pack: %s: %s\n", course, oneLine(err.Error()))
		return code
	}
	for _, o := range outs {
		fmt.Fprintln(stdout, o)
	}
	return 0
}
