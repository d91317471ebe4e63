package pack

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// DefaultPlatforms are the GOOS/GOARCH pairs whose files [CollectSources]
// ships when no platform is named: the four targets of the MiniChess
// cross-build, so that files with build constraints (proc_unix.go,
// proc_windows.go) and the packages only they import are all shipped.
var DefaultPlatforms = []string{"linux/amd64", "windows/amd64", "darwin/amd64", "darwin/arm64"}

// Module is the main module of a repository.
type Module struct {
	// Path is the module path, as in go.mod.
	Path string
	// GoVersion is the go directive of go.mod.
	GoVersion string
	// Dir is the module root directory.
	Dir string
}

// Package is one package of the main module whose files are shipped.
type Package struct {
	// ImportPath is the package's import path.
	ImportPath string
	// Rel is the package directory relative to the module root, slash
	// separated ("." for the root).
	Rel string
	// Files are the shipped file names, relative to the package directory
	// (sorted; no _test.go files).
	Files []string
}

// Require is a module outside the main module and the standard library that
// the shipped packages import.
type Require struct {
	// Path and Version identify the module, as in a go.mod require line.
	Path, Version string
}

// Sources is the transitive closure, inside the main module, of a set of
// main packages: what has to be shipped for them to build.
type Sources struct {
	// Module is the main module.
	Module Module
	// Packages are the shipped packages, sorted by import path.
	Packages []Package
	// Requires are the outside modules, sorted by path; empty when only the
	// standard library is used.
	Requires []Require
}

// listed is the part of `go list -json` output that CollectSources reads.
type listed struct {
	ImportPath     string
	Dir            string
	Standard       bool
	Module         *struct{ Path, Version string }
	GoFiles        []string
	IgnoredGoFiles []string
	CgoFiles       []string
	SFiles         []string
	HFiles         []string
	EmbedFiles     []string
	Error          *struct{ Err string }
	DepsErrors     []*struct{ Err string }
}

// goCommand runs the go command in dir with extra environment variables and
// returns its stdout; a failure carries the command's stderr.
func goCommand(dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("go %s: %s", strings.Join(args, " "), firstLines(msg, 5))
	}
	return stdout.Bytes(), nil
}

// firstLines returns at most n lines of s, joined with "; ".
func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "; ")
}

// MainModule describes the module rooted at repo, read with `go list -m`.
func MainModule(repo string) (Module, error) {
	out, err := goCommand(repo, []string{"GOWORK=off"}, "list", "-m", "-json")
	if err != nil {
		return Module{}, err
	}
	var m struct{ Path, GoVersion, Dir string }
	if err := json.Unmarshal(out, &m); err != nil {
		return Module{}, fmt.Errorf("go list -m: %w", err)
	}
	if m.Path == "" || m.GoVersion == "" {
		return Module{}, errors.New("go list -m: no module path or go version")
	}
	return Module(m), nil
}

// CollectSources finds, with `go list -deps -json`, the packages of the main
// module at repo that the packages matching patterns (for example
// "./cmd/starcircle") import, directly or not, themselves included, for each
// of the GOOS/GOARCH pairs in platforms ([DefaultPlatforms] when empty), and
// returns their union. Packages outside the module are recorded as
// requirements (standard library packages are not).
func CollectSources(repo string, patterns []string, platforms []string) (*Sources, error) {
	if len(patterns) == 0 {
		return nil, errors.New("no packages to collect")
	}
	mod, err := MainModule(repo)
	if err != nil {
		return nil, err
	}
	if len(platforms) == 0 {
		platforms = DefaultPlatforms
	}
	pkgs := map[string]map[string]bool{} // import path -> file set
	rels := map[string]string{}
	reqs := map[string]string{}
	for _, pl := range platforms {
		goos, goarch, ok := strings.Cut(pl, "/")
		if !ok {
			return nil, fmt.Errorf("platform %q: want GOOS/GOARCH", pl)
		}
		env := []string{"GOOS=" + goos, "GOARCH=" + goarch, "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-mod=mod"}
		args := append([]string{"list", "-deps", "-json=ImportPath,Dir,Standard,Module,GoFiles,IgnoredGoFiles,CgoFiles,SFiles,HFiles,EmbedFiles,Error,DepsErrors", "--"}, patterns...)
		out, err := goCommand(repo, env, args...)
		if err != nil {
			return nil, err
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		for {
			var p listed
			if err := dec.Decode(&p); err == io.EOF {
				break
			} else if err != nil {
				return nil, fmt.Errorf("go list output: %w", err)
			}
			if p.Error != nil {
				return nil, fmt.Errorf("package %s: %s", p.ImportPath, p.Error.Err)
			}
			if len(p.DepsErrors) > 0 && p.DepsErrors[0] != nil {
				return nil, fmt.Errorf("package %s: %s", p.ImportPath, p.DepsErrors[0].Err)
			}
			if p.Standard {
				continue
			}
			if p.Module == nil || p.Module.Path != mod.Path {
				if p.Module == nil {
					return nil, fmt.Errorf("package %s is in no module", p.ImportPath)
				}
				reqs[p.Module.Path] = p.Module.Version
				continue
			}
			rel, err := filepath.Rel(mod.Dir, p.Dir)
			if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return nil, fmt.Errorf("package %s lies outside %s", p.ImportPath, mod.Dir)
			}
			rels[p.ImportPath] = filepath.ToSlash(rel)
			set := pkgs[p.ImportPath]
			if set == nil {
				set = map[string]bool{}
				pkgs[p.ImportPath] = set
			}
			for _, list := range [][]string{p.GoFiles, p.IgnoredGoFiles, p.CgoFiles, p.SFiles, p.HFiles, p.EmbedFiles} {
				for _, f := range list {
					if !strings.HasSuffix(f, "_test.go") {
						set[filepath.ToSlash(f)] = true
					}
				}
			}
		}
	}
	src := &Sources{Module: mod}
	for ip, set := range pkgs {
		files := make([]string, 0, len(set))
		for f := range set {
			files = append(files, f)
		}
		sort.Strings(files)
		src.Packages = append(src.Packages, Package{ImportPath: ip, Rel: rels[ip], Files: files})
	}
	sort.Slice(src.Packages, func(i, j int) bool { return src.Packages[i].ImportPath < src.Packages[j].ImportPath })
	for p, v := range reqs {
		src.Requires = append(src.Requires, Require{Path: p, Version: v})
	}
	sort.Slice(src.Requires, func(i, j int) bool { return src.Requires[i].Path < src.Requires[j].Path })
	return src, nil
}

// GoMod returns the go.mod of the shipped tree: the module path and go
// version of the main module, and a require line per [Require] (none when
// the code uses only the standard library).
func (s *Sources) GoMod() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "module %s\n\ngo %s\n", s.Module.Path, s.Module.GoVersion)
	if len(s.Requires) > 0 {
		b.WriteString("\nrequire (\n")
		for _, r := range s.Requires {
			fmt.Fprintf(&b, "\t%s %s\n", r.Path, r.Version)
		}
		b.WriteString(")\n")
	}
	return b.Bytes()
}

// goSum returns the lines of the main module's go.sum that belong to the
// required modules (nil when there are none).
func (s *Sources) goSum() ([]byte, error) {
	if len(s.Requires) == 0 {
		return nil, nil
	}
	f, err := os.Open(filepath.Join(s.Module.Dir, "go.sum"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	want := map[string]bool{}
	for _, r := range s.Requires {
		want[r.Path] = true
	}
	var b bytes.Buffer
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && want[fields[0]] {
			b.WriteString(sc.Text())
			b.WriteByte('\n')
		}
	}
	return b.Bytes(), sc.Err()
}

// AddTo adds the shipped files under prefix in a (for example "NETID/src"):
// prefix/go.mod, prefix/go.sum when there are requirements, and
// prefix/<package dir>/<file> for every file of every package.
func (s *Sources) AddTo(a *Archive, prefix string) error {
	if err := a.Add(path.Join(prefix, "go.mod"), s.GoMod(), false); err != nil {
		return err
	}
	sum, err := s.goSum()
	if err != nil {
		return err
	}
	if sum != nil {
		if err := a.Add(path.Join(prefix, "go.sum"), sum, false); err != nil {
			return err
		}
	}
	for _, p := range s.Packages {
		for _, f := range p.Files {
			src := filepath.Join(s.Module.Dir, filepath.FromSlash(p.Rel), filepath.FromSlash(f))
			data, err := os.ReadFile(src)
			if err != nil {
				return err
			}
			if err := a.Add(path.Join(prefix, p.Rel, f), data, false); err != nil {
				return err
			}
		}
	}
	return nil
}

// offlineEnv is the environment under which a shipped tree must build: no
// module proxy, no workspace, no cgo, no inherited GOFLAGS.
var offlineEnv = []string{"GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod", "CGO_ENABLED=0"}

// GoBuild runs `go build -trimpath -ldflags="-s -w" -o out pkgs...` in dir
// under [offlineEnv] plus env (for example GOOS=windows). out is a file, or
// a directory ending in a path separator for several packages. The programs
// carry no symbol table and no DWARF: a third smaller, linked in two thirds
// of the time, and a panic still prints its stack with files and lines.
func GoBuild(dir string, env []string, out string, pkgs ...string) error {
	args := append([]string{"build", "-trimpath", "-ldflags=-s -w", "-o", out}, pkgs...)
	_, err := goCommand(dir, append(append([]string{}, offlineEnv...), env...), args...)
	return err
}

// RepoRoot returns the absolute path of the directory holding go.mod at or
// above dir.
func RepoRoot(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no go.mod at or above %s", dir)
		}
		d = parent
	}
}

// Platforms returns the GOOS/GOARCH pairs the go command can build for
// (go tool dist list).
func Platforms() (map[string]bool, error) {
	out, err := goCommand("", nil, "tool", "dist", "list")
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, l := range strings.Fields(string(out)) {
		known[l] = true
	}
	return known, nil
}

// Uncommitted returns the shipped files (relative to the module root) that
// git reports as modified, added or untracked, so that a packaging run can
// warn that the archive does not match a commit. Outside a git checkout, or
// without git, it returns nothing.
func (s *Sources) Uncommitted() []string {
	args := []string{"-C", s.Module.Dir, "status", "--porcelain", "--untracked-files=all", "--"}
	for _, p := range s.Packages {
		for _, f := range p.Files {
			args = append(args, path.Join(p.Rel, f))
		}
	}
	out, err := exec.Command("git", args...).Output()
	if err != nil {
		return nil
	}
	var files []string
	for _, l := range strings.Split(string(out), "\n") {
		if len(l) > 3 {
			files = append(files, l[3:])
		}
	}
	sort.Strings(files)
	return files
}
