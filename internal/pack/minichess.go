package pack

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// MiniChessProgram is a MiniChess program of the archives: the command
// directory and the names it ships under (the course template's names).
type MiniChessProgram struct {
	// Cmd is the directory under cmd/, for example "minichess-runner".
	Cmd string
	// Names are the file names it ships under (without .exe).
	Names []string
}

// MiniChessPrograms are the programs of the MiniChess archives, in the
// order of the course template.
var MiniChessPrograms = []MiniChessProgram{
	{"minichess-runner", []string{"main"}},
	{"minichess-random", []string{"player_random"}},
	{"minichess-minimax", []string{"player_minimax"}},
	{"minichess-alphabeta", []string{"player_alphabeta"}},
	{"minichess-submission", []string{"player_submission"}},
	{"minichess-baseline", []string{"baseline1", "baseline2", "baseline3", "baseline4"}},
}

// MiniChessReport is the main package, shipped with the programs, that
// writes REPORT.md, the design report, from its template
// docs/minichess/report.md.tmpl.
const MiniChessReport = "cmd/minichess-report"

// miniChessFile is one program file of a MiniChess archive.
type miniChessFile struct {
	// File is its name in the archive, Cmd the directory under cmd/ it is
	// built from.
	File, Cmd string
}

// miniChessReadme fills docs/minichess/README.txt.tmpl.
type miniChessReadme struct {
	// Platform is GOOS/GOARCH; NetID may be empty.
	Platform, NetID, GoVersion string
	Programs                   []miniChessFile
	// Run is the command that plays a game; Mac adds the macOS hint.
	Run string
	Mac bool
}

// miniChess writes one archive per platform,
// minichess/minichess-<os>-<arch>.zip, each with the top folder
// minichess-<os>-<arch>/ holding the programs built for that platform
// under the course template's names, README.txt on running a game,
// REPORT.md (the design report, written by the shipped minichess-report
// built for this machine) and src/ with their sources.
func miniChess(cfg *Config) ([]string, error) {
	platforms := cfg.Platforms
	if len(platforms) == 0 {
		platforms = DefaultPlatforms
	}
	known, err := Platforms()
	if err != nil {
		return nil, err
	}
	for _, pl := range platforms {
		if !validPlatform(pl) {
			return nil, usagef("platform %q: want GOOS/GOARCH", pl)
		}
		if !known[pl] {
			return nil, usagef("platform %q: not a GOOS/GOARCH pair of this Go (go tool dist list)", pl)
		}
	}
	st, err := newStage(cfg)
	if err != nil {
		return nil, err
	}
	defer st.done()
	// The sources are the same for every platform: collect them once (over
	// all of DefaultPlatforms, so every system's files are in).
	srcArchive := NewArchive()
	var patterns []string
	for _, p := range MiniChessPrograms {
		patterns = append(patterns, "./cmd/"+p.Cmd)
	}
	src, err := st.ship(srcArchive, "x", append(patterns, "./"+MiniChessReport))
	if err != nil {
		return nil, err
	}
	report, err := st.miniChessReport(cfg)
	if err != nil {
		return nil, err
	}
	var outs []string
	for _, pl := range platforms {
		goos, goarch, _ := strings.Cut(pl, "/")
		top := "minichess-" + goos + "-" + goarch
		a := NewArchive()
		for _, name := range srcArchive.Names() {
			data, _ := srcArchive.Data(name)
			if err := a.Add(top+"/src/"+strings.TrimPrefix(name, "x/src/"), data, false); err != nil {
				return nil, err
			}
		}
		exes, err := st.buildAll("bin-"+goos+"-"+goarch, []string{"GOOS=" + goos, "GOARCH=" + goarch})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pl, err)
		}
		readme := miniChessReadme{Platform: pl, NetID: cfg.NetID, GoVersion: src.Module.GoVersion,
			Run: "./main ./player_submission ./baseline4", Mac: goos == "darwin"}
		for _, p := range MiniChessPrograms {
			exe, ok := exes[p.Cmd]
			if !ok {
				return nil, fmt.Errorf("%s: cmd/%s was not built", pl, p.Cmd)
			}
			data, err := os.ReadFile(exe)
			if err != nil {
				return nil, err
			}
			for _, name := range p.Names {
				if err := a.Add(top+"/"+exeName(name, goos), data, true); err != nil {
					return nil, err
				}
				readme.Programs = append(readme.Programs, miniChessFile{exeName(name, goos), p.Cmd})
			}
		}
		if goos == "windows" {
			readme.Run = "main.exe player_submission.exe baseline4.exe"
		}
		text, err := render(cfg.Repo, "minichess/README.txt.tmpl", readme)
		if err != nil {
			return nil, err
		}
		if err := a.Add(top+"/README.txt", text, false); err != nil {
			return nil, err
		}
		if err := a.Add(top+"/REPORT.md", report, false); err != nil {
			return nil, err
		}
		out := cfg.ZipPath("minichess", top)
		if err := a.WriteZip(out); err != nil {
			return nil, err
		}
		cfg.logf("wrote %s (%d files)", out, len(a.Names()))
		outs = append(outs, out)
	}
	return outs, nil
}

// miniChessReport builds the shipped minichess-report for this machine and
// runs it on the shipped sources (the code it quotes) with the template and
// the long runs' results of the repository's docs/, at the budgets of cfg.
func (s *stage) miniChessReport(cfg *Config) ([]byte, error) {
	nodes, openings := cfg.ReportNodes, cfg.ReportOpenings
	if nodes == 0 {
		nodes = 20000
	}
	if openings == 0 {
		openings = 50
	}
	exe := filepath.Join(s.dir, "minichess-report")
	if err := GoBuild(s.src, nil, exe, "./"+MiniChessReport); err != nil {
		return nil, err
	}
	docs := filepath.Join(cfg.Repo, "docs")
	out := filepath.Join(s.dir, "REPORT.md")
	cfg.logf("measuring the report (about 30 s of CPU at the default budgets)")
	r, err := runProgram(s.dir, exe, []string{"-root", s.src, "-o", out,
		"-template", filepath.Join(docs, "minichess", "report.md.tmpl"),
		"-strength", filepath.Join(docs, "minichess", "strength.md"),
		"-features", filepath.Join(docs, "engine", "minichess.md"),
		"-nodes", strconv.FormatUint(nodes, 10), "-required1-nodes", strconv.FormatUint(10*nodes, 10),
		"-baseline4-openings", strconv.Itoa(openings)}, nil)
	if err != nil {
		return nil, err
	}
	if r.code != 0 {
		return nil, fmt.Errorf("minichess-report exited with status %d: %s", r.code, strings.TrimSpace(string(r.stderr)))
	}
	return os.ReadFile(out)
}
