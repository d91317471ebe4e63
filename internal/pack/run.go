package pack

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
)

// usage is the help text of the packager.
const usage = `usage: gamesearch-pack [flags] COURSE [NETID]
       (scripts/package.sh COURSE [NETID] builds and runs it)
Builds the submission archive(s) of COURSE into DIST/COURSE/:
  congo NETID       congo/NETID.zip: sources, README.txt, the handout
                    examples, REPORT.md with the Part 6 round robin
  morris NETID      morris/NETID.zip: sources, linux/amd64 executables,
                    README.txt, examples, REPORT.md from runs of the programs
  minichess [NETID] minichess/minichess-<os>-<arch>.zip for each platform:
                    the programs, README.txt on running a game, REPORT.md
                    (the design report, measured), sources
  starcircle NETID  starcircle/NETID.zip: sources, README.txt, the five
                    handout examples with the program's outputs
NETID: 3 to 20 letters or digits; it names the archive and its folder as
given (the case is kept). Time (2 cores, warm Go build cache, CPU): congo
and morris about 5 s, starcircle under 1 s, minichess about 45 s (most of it
the report's matches).
Flags:
  -repo DIR          repository root (default: the current directory)
  -dist DIR          directory of the archives (default: REPO/dist)
  -max-moves N       congo: draw after N moves by each side (default 100)
  -no-bin            morris: leave the executables out
  -platforms LIST    minichess: comma-separated GOOS/GOARCH list (default
                     linux/amd64,windows/amd64,darwin/amd64,darwin/arm64)
  -report-nodes N    minichess: node budget per move of the report's matches
                     (default 20000; the baseline games get 10 times as many)
  -report-openings N minichess: random openings of the report's match
                     against baseline4 (default 50, two games each)
`

// UsageError is a bad command line or course argument: the packager
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

// parseArgs reads the command line of the packager: the course and its
// configuration (Repo is the -repo value, not yet resolved; the NETID is
// checked by [Build]). It does no I/O. The course is returned with an
// error too, once it is known to be one; the messages do not name it (the
// caller puts it in front of them, once).
func parseArgs(args []string) (string, Config, string, error) {
	fs := flag.NewFlagSet("gamesearch-pack", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg Config
	repo := fs.String("repo", ".", "")
	fs.StringVar(&cfg.Dist, "dist", "", "")
	fs.IntVar(&cfg.MaxMoves, "max-moves", 0, "")
	fs.BoolVar(&cfg.NoBin, "no-bin", false, "")
	platforms := fs.String("platforms", "", "")
	fs.Uint64Var(&cfg.ReportNodes, "report-nodes", 0, "")
	fs.IntVar(&cfg.ReportOpenings, "report-openings", 0, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", cfg, "", errHelp
		}
		return courseArg(fs, args), cfg, "", usagef("%v (-h for usage)", err)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return "", cfg, "", usagef("no course given (want %s; -h for usage)", courseList())
	}
	course := rest[0]
	r, err := findRecipe(course)
	if err != nil {
		return "", cfg, "", err
	}
	var misplaced error
	fs.Visit(func(f *flag.Flag) {
		if misplaced == nil && f.Name != "repo" && f.Name != "dist" && !slices.Contains(r.flags, f.Name) {
			misplaced = usagef("-%s does not apply to this course (%s only)", f.Name, flagCourse(f.Name))
		}
	})
	if misplaced != nil {
		return course, cfg, "", misplaced
	}
	switch len(rest) {
	case 1:
	case 2:
		cfg.NetID = rest[1]
	default:
		return course, cfg, "", usagef("unexpected argument %q after the NETID", rest[2])
	}
	if cfg.MaxMoves < 0 || cfg.MaxMoves > 10000 {
		return course, cfg, "", usagef("-max-moves %d: want 1 to 10000", cfg.MaxMoves)
	}
	if cfg.ReportNodes > 1e8 {
		return course, cfg, "", usagef("-report-nodes %d: want 1 to 100000000", cfg.ReportNodes)
	}
	if cfg.ReportOpenings < 0 || cfg.ReportOpenings > 10000 {
		return course, cfg, "", usagef("-report-openings %d: want 1 to 10000", cfg.ReportOpenings)
	}
	if *platforms != "" {
		for _, pl := range strings.Split(*platforms, ",") {
			if !validPlatform(pl) {
				return course, cfg, "", usagef("-platforms: %q is not GOOS/GOARCH", pl)
			}
			cfg.Platforms = append(cfg.Platforms, pl)
		}
	}
	return course, cfg, *repo, nil
}

// courseArg returns the course among args, the first argument that is
// neither a flag of fs nor a flag's value, when it names a course; else "".
// It names the course in the message of a bad flag before it.
func courseArg(fs *flag.FlagSet, args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
		} else if strings.HasPrefix(a, "-") {
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if f := fs.Lookup(name); f != nil && !hasValue {
				if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
					i++ // the flag's value
				}
			}
			continue
		}
		if i < len(args) {
			if _, err := findRecipe(args[i]); err == nil {
				return args[i]
			}
		}
		return ""
	}
	return ""
}

// flagCourse names the course whose recipe has the flag name.
func flagCourse(name string) string {
	for _, r := range recipes {
		if slices.Contains(r.flags, name) {
			return r.course
		}
	}
	return "no course"
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

// Run is the packager, cmd/gamesearch-pack: args without the program name;
// the result is the exit status: 0 success, 1 failure while building, 2
// bad arguments (one line on stderr, before any work). Progress lines go to
// stderr; the paths of the archives written go to stdout, one per line.
//
// Every error is one line "gamesearch-pack: COURSE: problem", naming the
// course once, or "gamesearch-pack: problem" when no course is known yet
// (no course, an unknown one, a bad flag before it).
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	oneLine := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "\r", " "), "\n", " ") }
	course, cfg, repo, err := parseArgs(args)
	if err == errHelp {
		io.WriteString(stderr, usage)
		return 0
	}
	prefix := "gamesearch-pack: "
	if course != "" {
		prefix += course + ": "
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s%s\n", prefix, oneLine(err.Error()))
		return 2
	}
	root, err := RepoRoot(repo)
	if err != nil {
		fmt.Fprintf(stderr, "%s-repo %s: %s\n", prefix, oneLine(repo), oneLine(err.Error()))
		return 2
	}
	cfg.Repo = root
	if cfg.Dist != "" {
		if cfg.Dist, err = filepath.Abs(cfg.Dist); err != nil {
			fmt.Fprintf(stderr, "%s-dist: %s\n", prefix, oneLine(err.Error()))
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
		fmt.Fprintf(stderr, "%s%s\n", prefix, oneLine(err.Error()))
		return code
	}
	for _, o := range outs {
		fmt.Fprintln(stdout, o)
	}
	return 0
}
