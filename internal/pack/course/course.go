// Package course holds the packaging recipes of the Congo, Star/Circle and
// MiniChess submissions, built on package pack: which programs each archive
// ships, the README and report texts (templates under docs/<course>/ filled
// with figures from runs made by the recipe itself), the examples generated
// by running the shipped programs, and the archive names. The decisions are
// written down in docs/packaging.md.
//
// Conventions: every recipe first copies the sources into a staging
// directory exactly as they will be shipped (package pack), builds the
// programs there with no network (GOPROXY=off), and produces every example
// output and every report figure by running those builds, so the archive
// only ever shows what its own sources print. Nothing depends on the clock,
// map order or the machine beyond the Go toolchain, so two runs on the same
// commit write identical bytes.
package course

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/gamesearch/gamesearch/internal/pack"
)

// Courses are the course names the recipes know, in the order of the
// usage text. Morris has its own packager (pkg/morris/pack).
var Courses = []string{"congo", "starcircle", "minichess"}

// Config says what to package.
type Config struct {
	// Repo is the repository root.
	Repo string
	// NetID names the archive and its top folder (congo, starcircle); for
	// minichess it is optional and only recorded in README.txt.
	NetID string
	// Dist is the directory of the archives (empty: <Repo>/dist). The
	// archives are Dist/congo/NETID.zip, Dist/starcircle/NETID.zip and
	// Dist/minichess-<os>-<arch>.zip.
	Dist string
	// MaxMoves is the draw limit of the Congo round robin (0: the Part 6
	// value, 100 moves by each side). Tests use small values.
	MaxMoves int
	// Platforms are the GOOS/GOARCH targets of the MiniChess archives
	// (empty: [pack.DefaultPlatforms]).
	Platforms []string
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// logf writes a progress line.
func (c *Config) logf(format string, a ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", a...)
	}
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
func (s *stage) ship(a *pack.Archive, prefix string, patterns []string) (*pack.Sources, error) {
	src, err := pack.CollectSources(s.cfg.Repo, patterns, nil)
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
	if err := pack.Build(s.src, env, out+string(filepath.Separator), "./..."); err != nil {
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

// placeholder matches a template placeholder.
var placeholder = regexp.MustCompile(`\{\{[A-Z_]+\}\}`)

// fill reads the template docs/<rel> of the repository and replaces every
// {{KEY}} by vals[KEY]. A placeholder without a value, or a value without
// a placeholder, is an error, so a report never ships half filled.
func fill(repo, rel string, vals map[string]string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(repo, "docs", filepath.FromSlash(rel)))
	if err != nil {
		return nil, err
	}
	text := string(data)
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		ph := "{{" + k + "}}"
		if !strings.Contains(text, ph) {
			return nil, fmt.Errorf("docs/%s: no placeholder %s", rel, ph)
		}
		text = strings.ReplaceAll(text, ph, vals[k])
	}
	if m := placeholder.FindString(text); m != "" {
		return nil, fmt.Errorf("docs/%s: placeholder %s has no value", rel, m)
	}
	return []byte(text), nil
}

// dist returns the directory of the archives.
func (c *Config) dist() string {
	if c.Dist != "" {
		return c.Dist
	}
	return filepath.Join(c.Repo, "dist")
}

// netIDZip returns the path of the NETID archive of course.
func (c *Config) netIDZip(course, netid string) string {
	return filepath.Join(c.dist(), course, netid+".zip")
}

// Build runs the recipe of course with cfg and returns the paths of the
// archives it wrote.
func Build(course string, cfg Config) ([]string, error) {
	switch course {
	case "congo":
		return Congo(cfg)
	case "starcircle":
		return StarCircle(cfg)
	case "minichess":
		return MiniChess(cfg)
	}
	return nil, usagef("unknown course %q (want %s)", course, strings.Join(Courses, ", "))
}
