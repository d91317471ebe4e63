package pack

import (
	"bytes"
	"flag"
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
	// README.txt. [Recipe.Build] checks it; its case is kept.
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
	// Keep, when set, is a directory where [Stage.BuildAll] writes the
	// programs it builds (under the subdirectory it is given), left there
	// when the recipe ends: the tests place them beside an unpacked
	// archive's sources, so that rebuilding those links only a program the
	// sources no longer give. Empty: they are built in the staging
	// directory and removed with it.
	Keep string
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// Recipe is the packaging of one course: each game that has a
// submission archive lists its recipe in its gamekit.Game (pkg/<game>/gamedef),
// and the command (package packcmd) takes the recipes of the registered
// games.
type Recipe struct {
	// Course is the course name of the command line (the game's name).
	Course string
	// NeedNetID says whether the NETID is required (it is optional
	// otherwise).
	NeedNetID bool
	// Usage is the course's lines of the usage text, from "  COURSE ..."
	// to a line end; FlagUsage the lines of its flags ("" without flags).
	Usage, FlagUsage string
	// Time is the time the recipe takes, for the usage text ("about 5 s").
	Time string
	// Flags registers the command-line flags that apply to this course
	// only, setting fields of cfg, and returns the check of their values,
	// run after the command line is parsed (a [*UsageError]); nil when the
	// course has no flags of its own.
	Flags func(fs *flag.FlagSet, cfg *Config) (check func() error)
	// Write writes the archives and returns their paths.
	Write func(cfg *Config) ([]string, error)
}

// FlagNames returns the names of the recipe's own flags, sorted.
func (r *Recipe) FlagNames() []string {
	if r.Flags == nil {
		return nil
	}
	fs := flag.NewFlagSet(r.Course, flag.ContinueOnError)
	var cfg Config
	r.Flags(fs, &cfg)
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// Build runs the recipe with cfg and returns the paths of the archives it
// wrote. It checks the NETID (with [NetID]) before any work; a bad NETID
// is a [*UsageError]. Its errors do not name the course: the caller knows
// it.
func (r *Recipe) Build(cfg Config) ([]string, error) {
	switch {
	case cfg.NetID != "":
		id, err := NetID(cfg.NetID)
		if err != nil {
			return nil, &UsageError{Msg: err.Error()}
		}
		cfg.NetID = id
	case r.NeedNetID:
		return nil, Usagef("no NETID given: it names the archive (3 to 20 letters or digits after the course)")
	}
	return r.Write(&cfg)
}

// Logf writes a progress line.
func (c *Config) Logf(format string, a ...any) {
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

// Stage is the working area of one recipe run.
type Stage struct {
	cfg *Config
	Dir string // temporary directory
	Src string // the shipped source tree, extracted
}

// NewStage makes a temporary staging directory; call done when finished.
func NewStage(cfg *Config) (*Stage, error) {
	dir, err := os.MkdirTemp("", "gamesearch-pack-")
	if err != nil {
		return nil, err
	}
	return &Stage{cfg: cfg, Dir: dir, Src: filepath.Join(dir, "src")}, nil
}

// Done removes the staging directory.
func (s *Stage) Done() { os.RemoveAll(s.Dir) }

// Ship collects the sources of the packages matching patterns into a under
// prefix/src and extracts them into the staging src directory.
func (s *Stage) Ship(a *Archive, prefix string, patterns []string) (*Sources, error) {
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
	if err := a.Extract(prefix+"/src", s.Src); err != nil {
		return nil, err
	}
	s.cfg.Logf("shipping %d packages; building them offline", len(src.Packages))
	if dirty := src.Uncommitted(); len(dirty) > 0 {
		s.cfg.Logf("note: %d shipped files differ from the last commit (%s); package a clean checkout to submit a commit", len(dirty), strings.Join(dirty, ", "))
	}
	return src, nil
}

// BuildAll builds every package of the staged sources (go build ./..., the
// offline build check) for the GOOS/GOARCH in env (this machine's when env
// is empty) with one go command, writing the programs into the directory
// dir of the staging area (of [Config.Keep] when set), and returns the
// path of each program by its name (the base name of its package
// directory, without .exe).
func (s *Stage) BuildAll(dir string, env []string) (map[string]string, error) {
	base := s.Dir
	if s.cfg.Keep != "" {
		base = s.cfg.Keep
	}
	out := filepath.Join(base, dir)
	if err := GoBuild(s.Src, env, out+string(filepath.Separator), "./..."); err != nil {
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

// ExeName adds .exe for Windows.
func ExeName(name, goos string) string {
	if goos == "windows" {
		return name + ".exe"
	}
	return name
}

// Result is what a program run printed.
type Result struct {
	Stdout, Stderr []byte
	Code           int
}

// RunProgram runs exe with args in dir, stdin as its input.
func RunProgram(dir, exe string, args []string, stdin []byte) (Result, error) {
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := Result{Stdout: out.Bytes(), Stderr: errb.Bytes()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.Code = ee.ExitCode()
		return r, nil
	}
	return r, err
}

// Render fills the template docs/<rel> of the repository (text/template)
// with data. A missing field or map key is an error, so a report never
// ships half filled.
func Render(repo, rel string, data any) ([]byte, error) {
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

// NetIDFile is a document of a NETID archive: its name under NETID/ and its
// contents.
type NetIDFile struct {
	Name string
	Data []byte
}

// WriteNetID adds files under netid/ to a, writes a as the archive of course
// for netid, and returns its path.
func (c *Config) WriteNetID(a *Archive, course, netid string, files ...NetIDFile) ([]string, error) {
	for _, f := range files {
		if err := a.Add(netid+"/"+f.Name, f.Data, false); err != nil {
			return nil, err
		}
	}
	out := c.ZipPath(course, netid)
	if err := a.WriteZip(out); err != nil {
		return nil, err
	}
	c.Logf("wrote %s (%d files)", out, len(a.Names()))
	return []string{out}, nil
}
