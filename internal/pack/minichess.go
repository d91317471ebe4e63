package pack

import (
	"fmt"
	"os"
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
// under the course template's names, README.txt on running a game, and
// src/ with their sources.
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
	src, err := st.ship(srcArchive, "x", patterns)
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
		out := cfg.ZipPath("minichess", top)
		if err := a.WriteZip(out); err != nil {
			return nil, err
		}
		cfg.logf("wrote %s (%d files)", out, len(a.Names()))
		outs = append(outs, out)
	}
	return outs, nil
}
