package pack

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/template"
)

// Config says what to package.
type Config struct {
	// Repo is the repository root.
	Repo string
	// NetID names the archive and its top folder (congo, morris,
	// starcircle); for minichess it is optional and only recorded in
	// README.txt. [Build] checks it; its case is kept.
	NetID string
	// Dist is the directory of the archives (empty: <Repo>/dist); see
	// [Config.ZipPath].
	Dist string
	// MaxMoves is the draw limit of the Congo round robin (0: the Part 6
	// value, 100 moves by each side). Tests use small values.
	MaxMoves int
	// NoBin leaves the Morris executables out of the archive.
	NoBin bool
	// Platforms are the GOOS/GOARCH targets of the MiniChess archives
	// (empty: [DefaultPlatforms]).
	Platforms []string
	// ReportNodes is the node budget per move of the in-process matches of
	// the MiniChess report (0: 20000); the eight games against the
	// baselines get ten times as many. ReportOpenings is the number of
	// random openings of its match against baseline4 (0: 50). Tests use
	// small values.
	ReportNodes    uint64
	ReportOpenings int
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// recipe is the packaging of one course.
type recipe struct {
	// course is the course name of the command line.
	course string
	// needNetID says whether the NETID is required (it is optional
	// otherwise).
	needNetID bool
	// flags are the command-line flags that apply to this course only.
	flags []string
	// build writes the archives and returns their paths.
	build func(cfg *Config) ([]string, error)
}

// recipes are the courses, in the order of the usage text.
var recipes = []recipe{
	{"congo", true, []string{"max-moves"}, congo},
	{"morris", true, []string{"no-bin"}, morris},
	{"minichess", false, []string{"platforms", "report-nodes", "report-openings"}, miniChess},
	{"starcircle", true, nil, starCircle},
}

// Courses returns the course names, in the order of the usage text.
func Courses() []string {
	names := make([]string, len(recipes))
	for i, r := range recipes {
		names[i] = r.course
	}
	return names
}

// courseList is the course names for messages: "a, b, c or d".
func courseList() string {
	names := Courses()
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// findRecipe returns the recipe of course.
func findRecipe(course string) (recipe, error) {
	for _, r := range recipes {
		if r.course == course {
			return r, nil
		}
	}
	return recipe{}, usagef("unknown course %q (want %s)", course, courseList())
}

// Build runs the recipe of course with cfg and returns the paths of the
// archives it wrote. It checks the NETID (with [NetID]) before any work; a
// bad course or NETID is a [*UsageError]. Its errors do not name the course
// (but for an unknown one): the caller knows it.
func Build(course string, cfg Config) ([]string, error) {
	r, err := findRecipe(course)
	if err != nil {
		return nil, err
	}
	switch {
	case cfg.NetID != "":
		id, err := NetID(cfg.NetID)
		if err != nil {
			return nil, &UsageError{Msg: err.Error()}
		}
		cfg.NetID = id
	case r.needNetID:
		return nil, usagef("no NETID given: it names the archive (3 to 20 letters or digits after the course)")
	}
	return r.build(&cfg)
}

// logf writes a progress line.
func (c *Config) logf(format string, a ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", a...)
	}
}

// ZipPath returns the path of an archive, the one scheme of every course:
// Dist/<course>/<name>.zip, where name is the NETID (MiniChess:
// minichess-<os>-<arch>, one archive per platform).
func (c *Config) ZipPath(course, name string) string {
	dist := c.Dist
	if dist == "" {
		dist = filepath.Join(c.Repo, "dist")
	}
	return filepath.Join(dist, course, name+".zip")
}

// stage is the working area of one recipe run.
type stage struct {
	cfg *Config
	dir string // temporary directory
	src string // the shipped source tree, extracted
}

// newStage makes a temporary staging directory; call done when finished.
func newStage(cfg *Config) (*stage, error) {
	dir, err := os.MkdirTemp("", "gamesearch-pack-")
	if err != nil {
		return nil, err
	}
	return &stage{cfg: cfg, dir: dir, src: filepath.Join(dir, "src")}, nil
}

// done removes the staging directory.
func (s *stage) done() { os.RemoveAll(s.dir) }

// ship collects the sources of the packages matching patterns into a under
// prefix/src and extracts them into the staging src directory.
func (s *stage) ship(a *Archive, prefix string, patterns []string) (*Sources, error) {
	src, err := CollectSources(s.cfg.Repo, patterns, nil)
	if err != nil {
		return nil, err
	}
	if len(src.Requires) > 0 {
		return nil, fmt.Errorf("the shipped code imports modules outside the standard library: %v", src.Requires)
	}
	if err := src.AddTo(a, prefix+"/src"); err != nil {
		return nil, err
	}
	if err := a.Extract(prefix+"/src", s.src); err != nil {
		return nil, err
	}
	s.cfg.logf("shipping %d packages; building them offline", len(src.Packages))
	if dirty := src.Uncommitted(); len(dirty) > 0 {
		s.cfg.logf("note: %d shipped files differ from the last commit (%s); package a clean checkout to submit a commit", len(dirty), strings.Join(dirty, ", "))
	}
	return src, nil
}

// buildAll builds every package of the staged sources (go build ./..., the
// offline build check) for the GOOS/GOARCH in env (this machine's when env
// is empty) with one go command, writing the programs into the directory
// dir of the staging area, and returns the path of each program by its
// name (the base name of its package directory, without .exe).
func (s *stage) buildAll(dir string, env []string) (map[string]string, error) {
	out := filepath.Join(s.dir, dir)
	if err := GoBuild(s.src, env, out+string(filepath.Separator), "./..."); err != nil {
		return nil, fmt.Errorf("the shipped sources do not build offline: %w", err)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return nil, err
	}
	exes := map[string]string{}
	for _, e := range entries {
		exes[strings.TrimSuffix(e.Name(), ".exe")] = filepath.Join(out, e.Name())
	}
	return exes, nil
}

// exeName adds .exe for Windows.
func exeName(name, goos string) string {
	if goos == "windows" {
		return name + ".exe"
	}
	return name
}

// result is what a program run printed.
type result struct {
	stdout, stderr []byte
	code           int
}

// runProgram runs exe with args in dir, stdin as its input.
func runProgram(dir, exe string, args []string, stdin []byte) (result, error) {
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.Bytes(), stderr: errb.Bytes()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
		return r, nil
	}
	return r, err
}

// render fills the template docs/<rel> of the repository (text/template)
// with data. A missing field or map key is an error, so a report never
// ships half filled.
func render(repo, rel string, data any) ([]byte, error) {
	file := filepath.Join(repo, "docs", filepath.FromSlash(rel))
	t, err := template.New(filepath.Base(file)).Option("missingkey=error").ParseFiles(file)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// netIDFile is a document of a NETID archive: its name under NETID/ and its
// contents.
type netIDFile struct {
	name string
	data []byte
}

// writeNetID adds files under netid/ to a, writes a as the archive of course
// for netid, and returns its path.
func (c *Config) writeNetID(a *Archive, course, netid string, files ...netIDFile) ([]string, error) {
	for _, f := range files {
		if err := a.Add(netid+"/"+f.name, f.data, false); err != nil {
			return nil, err
		}
	}
	out := c.ZipPath(course, netid)
	if err := a.WriteZip(out); err != nil {
		return nil, err
	}
	c.logf("wrote %s (%d files)", out, len(a.Names()))
	return []string{out}, nil
}
