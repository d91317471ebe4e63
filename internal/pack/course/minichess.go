package course

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gamesearch/gamesearch/internal/pack"
)

// MiniChessProgram is a MiniChess program of the archives: the command
// directory and the names it ships under (spec section 1.1).
type MiniChessProgram struct {
	// Cmd is the directory under cmd/, for example "minichess-runner".
	Cmd string
	// Names are the file names it ships under (without .exe).
	Names []string
}

// MiniChessPrograms are the programs of the MiniChess archives, in the
// order of spec section 1.1. A program whose cmd directory does not exist
// yet is left out with a note in the log and in README.txt.
var MiniChessPrograms = []MiniChessProgram{
	{"minichess-runner", []string{"main"}},
	{"minichess-random", []string{"player_random"}},
	{"minichess-minimax", []string{"player_minimax"}},
	{"minichess-alphabeta", []string{"player_alphabeta"}},
	{"minichess-submission", []string{"player_submission"}},
	{"minichess-baseline", []string{"baseline1", "baseline2", "baseline3", "baseline4"}},
}

// miniChessReadme is the README.txt of a MiniChess archive; {{...}} are
// filled per platform.
const miniChessReadme = `MiniChess 6x5 (NTHU I2P(II) 2023, Mini Project 3) - {{PLATFORM}}
{{SUBMITTER}}
Programs (statically linked, no installation needed):
{{PROGRAMS}}
Running a game
  In this folder, start the runner with the white and the black player:
    {{RUN}}
  The runner writes the board after every move and the result, and keeps
  the whole game in gamelog.txt. It talks to the players through the files
  state and action in the current folder, exactly like the course's runner,
  so the course's own players and baselines can play ours and the reverse.
  Options (before the players): -timeout 10s (time per move), -max-steps 50
  (the ply limit), -no-clear (never clear the screen); -h prints the usage.
  A player argument with spaces is split into a program and its leading
  arguments, for example "python3 bot.py".
{{MAC}}
Sources
  src/ holds the Go sources of these programs. To rebuild them (Go
  {{GO_VERSION}} or newer):
    cd src && go build -o bin/ ./cmd/...
  The baseline program picks its level from its name (baseline1 ...
  baseline4): copy the built minichess-baseline to the four names.
`

// MiniChess writes one archive per platform, dist/minichess-<os>-<arch>.zip
// (or in cfg.Dist), each with the top folder minichess-<os>-<arch>/ holding
// the programs built for that platform under the course template's names,
// README.txt on running a game, and src/ with their sources.
func MiniChess(cfg Config) ([]string, error) {
	var netid string
	if cfg.NetID != "" {
		var err error
		if netid, err = pack.NetID(cfg.NetID); err != nil {
			return nil, &UsageError{Msg: err.Error()}
		}
	}
	platforms := cfg.Platforms
	if len(platforms) == 0 {
		platforms = pack.DefaultPlatforms
	}
	known, err := pack.Platforms()
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
	var present []MiniChessProgram
	var missing []string
	for _, p := range MiniChessPrograms {
		if _, err := os.Stat(filepath.Join(cfg.Repo, "cmd", p.Cmd, "main.go")); err != nil {
			missing = append(missing, p.Cmd)
			cfg.logf("note: cmd/%s does not exist; %s left out", p.Cmd, strings.Join(p.Names, ", "))
			continue
		}
		present = append(present, p)
	}
	if len(present) == 0 {
		return nil, fmt.Errorf("no cmd/minichess-* programs in %s", cfg.Repo)
	}
	st, err := newStage(&cfg)
	if err != nil {
		return nil, err
	}
	defer st.done()
	// The sources are the same for every platform: collect them once (over
	// all of pack.DefaultPlatforms, so every system's files are in).
	srcArchive := pack.NewArchive()
	var patterns []string
	for _, p := range present {
		patterns = append(patterns, "./cmd/"+p.Cmd)
	}
	src, err := st.ship(srcArchive, "x", patterns)
	if err != nil {
		return nil, err
	}
	outDir := cfg.dist()
	var outs []string
	for _, pl := range platforms {
		goos, goarch, _ := strings.Cut(pl, "/")
		top := "minichess-" + goos + "-" + goarch
		a := pack.NewArchive()
		for _, name := range srcArchive.Names() {
			data, _ := srcArchive.Data(name)
			if err := a.Add(top+"/src/"+strings.TrimPrefix(name, "x/src/"), data, false); err != nil {
				return nil, err
			}
		}
		var progList strings.Builder
		exes, err := st.buildAll("bin-"+goos+"-"+goarch, []string{"GOOS=" + goos, "GOARCH=" + goarch})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pl, err)
		}
		for _, p := range present {
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
				fmt.Fprintf(&progList, "  %-22s from cmd/%s\n", exeName(name, goos), p.Cmd)
			}
		}
		for _, m := range missing {
			fmt.Fprintf(&progList, "  (cmd/%s is not part of this build yet; its program is missing)\n", m)
		}
		run := "./main ./player_alphabeta ./baseline2"
		mac := ""
		if has(present, "minichess-submission") {
			run = "./main ./player_submission ./baseline4"
		}
		switch goos {
		case "windows":
			run = strings.ReplaceAll(strings.ReplaceAll(run, "./", ""), " ", ".exe ") + ".exe"
		case "darwin":
			mac = "\n  macOS: the programs are not signed; if the system refuses to start them,\n  run  xattr -dr com.apple.quarantine .  in this folder once.\n"
		}
		submitter := ""
		if netid != "" {
			submitter = "Packaged for " + netid + ".\n"
		}
		readme := strings.NewReplacer(
			"{{PLATFORM}}", goos+"/"+goarch,
			"{{SUBMITTER}}", submitter,
			"{{PROGRAMS}}", progList.String(),
			"{{RUN}}", run,
			"{{MAC}}", mac,
			"{{GO_VERSION}}", src.Module.GoVersion,
		).Replace(miniChessReadme)
		if err := a.Add(top+"/README.txt", []byte(readme), false); err != nil {
			return nil, err
		}
		out := filepath.Join(outDir, top+".zip")
		if err := a.WriteZip(out); err != nil {
			return nil, err
		}
		cfg.logf("wrote %s (%d files)", out, len(a.Names()))
		outs = append(outs, out)
	}
	return outs, nil
}

// has reports whether the program of cmd dir is among ps.
func has(ps []MiniChessProgram, cmd string) bool {
	for _, p := range ps {
		if p.Cmd == cmd {
			return true
		}
	}
	return false
}
