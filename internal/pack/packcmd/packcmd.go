// Package packcmd is the command gamesearch-pack ([Run]): it reads the
// command line, takes the recipe of the course from the registered games
// (package games; a game's recipe is the Pack of its gamekit.Game) and
// runs it with package pack, which knows no game. Its usage text lists
// the registered courses and their flags.
package packcmd

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/internal/pack"
	"github.com/gamesearch/gamesearch/pkg/games"
)

// recipes returns the recipes of the registered games that have one, in
// the registry's order (the order of the usage text).
func recipes() []*pack.Recipe {
	var rs []*pack.Recipe
	for _, g := range games.All {
		if g.Pack != nil {
			rs = append(rs, g.Pack)
		}
	}
	return rs
}

// Courses returns the course names, in the order of the usage text.
func Courses() []string {
	var names []string
	for _, r := range recipes() {
		names = append(names, r.Course)
	}
	return names
}

// courseList is the course names for messages: "a, b, c or d".
func courseList() string { return cliutil.OrList(Courses()) }

// findRecipe returns the recipe of course.
func findRecipe(course string) (*pack.Recipe, error) {
	for _, r := range recipes() {
		if r.Course == course {
			return r, nil
		}
	}
	return nil, pack.Usagef("unknown course %q (want %s)", course, courseList())
}

// Build runs the recipe of course with cfg and returns the paths of the
// archives it wrote (see [pack.Recipe.Build]); an unknown course is a
// [*pack.UsageError].
func Build(course string, cfg pack.Config) ([]string, error) {
	r, err := findRecipe(course)
	if err != nil {
		return nil, err
	}
	return r.Build(cfg)
}

// usage is the help text of the packager: the courses' lines and flags
// come from their recipes.
func usage() string {
	var b strings.Builder
	b.WriteString(`usage: gamesearch-pack [flags] COURSE [NETID]
       (scripts/package.sh COURSE [NETID] builds and runs it)
Builds the submission archive(s) of COURSE into DIST/COURSE/:
`)
	var times []string
	for _, r := range recipes() {
		b.WriteString(r.Usage)
		times = append(times, r.Course+" "+r.Time)
	}
	b.WriteString("NETID: 3 to 20 letters or digits; it names the archive and its folder as\n")
	b.WriteString(wrap("given (the case is kept). Time (2 cores, warm Go build cache, CPU): "+strings.Join(times, ", ")+".", 76))
	b.WriteString(`Flags:
  -repo DIR          repository root (default: the current directory)
  -dist DIR          directory of the archives (default: REPO/dist)
`)
	for _, r := range recipes() {
		b.WriteString(r.FlagUsage)
	}
	return b.String()
}

// wrap breaks text into lines of at most width bytes at blanks, each
// ended by a line end.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		if n > 0 && n+1+len(w) > width {
			b.WriteByte('\n')
			n = 0
		}
		if n > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	b.WriteByte('\n')
	return b.String()
}

// errHelp is returned by parseArgs for -h.
var errHelp = errors.New("help requested")

// parseArgs reads the command line of the packager: the course and its
// configuration (Repo is the -repo value, not yet resolved; the NETID is
// checked by [Build]). It does no I/O. The course is returned with an
// error too, once it is known to be one; the messages do not name it (the
// caller puts it in front of them, once).
func parseArgs(args []string) (string, pack.Config, string, error) {
	fs := flag.NewFlagSet("gamesearch-pack", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg pack.Config
	repo := fs.String("repo", ".", "")
	fs.StringVar(&cfg.Dist, "dist", "", "")
	checks := map[string]func() error{}
	for _, r := range recipes() {
		if r.Flags != nil {
			checks[r.Course] = r.Flags(fs, &cfg)
		}
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", cfg, "", errHelp
		}
		return courseArg(fs, args), cfg, "", pack.Usagef("%v (-h for usage)", err)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return "", cfg, "", pack.Usagef("no course given (want %s; -h for usage)", courseList())
	}
	course := rest[0]
	r, err := findRecipe(course)
	if err != nil {
		return "", cfg, "", err
	}
	own := r.FlagNames()
	var misplaced error
	fs.Visit(func(f *flag.Flag) {
		if misplaced == nil && f.Name != "repo" && f.Name != "dist" && !slices.Contains(own, f.Name) {
			misplaced = pack.Usagef("-%s does not apply to this course (%s only)", f.Name, flagCourse(f.Name))
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
		return course, cfg, "", pack.Usagef("unexpected argument %q after the NETID", rest[2])
	}
	if check := checks[course]; check != nil {
		if err := check(); err != nil {
			return course, cfg, "", err
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
	for _, r := range recipes() {
		if slices.Contains(r.FlagNames(), name) {
			return r.Course
		}
	}
	return "no course"
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
		io.WriteString(stderr, usage())
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
	root, err := pack.RepoRoot(repo)
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
		var ue *pack.UsageError
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
