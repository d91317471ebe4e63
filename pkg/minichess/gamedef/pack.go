package gamedef

import (
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/internal/pack"
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

// writeMiniChess writes one archive per platform,
// minichess/minichess-<os>-<arch>.zip, each with the top folder
// minichess-<os>-<arch>/ holding the programs built for that platform
// under the course template's names, README.txt on running a game,
// REPORT.md (the design report, written by the shipped minichess-report
// built for this machine) and src/ with their sources.
func writeMiniChess(cfg *pack.Config) ([]string, error) {
	platforms := cfg.Platforms
	if len(platforms) == 0 {
		platforms = pack.DefaultPlatforms
	}
	known, err := pack.Platforms()
	if err != nil {
		return nil, err
	}
	for _, pl := range platforms {
		if !pack.ValidPlatform(pl) {
			return nil, pack.Usagef("platform %q: want GOOS/GOARCH", pl)
		}
		if !known[pl] {
			return nil, pack.Usagef("platform %q: not a GOOS/GOARCH pair of this Go (go tool dist list)", pl)
		}
	}
	st, err := pack.NewStage(cfg)
	if err != nil {
		return nil, err
	}
	defer st.Done()
	// The sources are the same for every platform: collect them once (over
	// all of DefaultPlatforms, so every system's files are in).
	srcArchive := pack.NewArchive()
	var patterns []string
	for _, p := range MiniChessPrograms {
		patterns = append(patterns, "./cmd/"+p.Cmd)
	}
	src, err := st.Ship(srcArchive, "x", append(patterns, "./"+MiniChessReport))
	if err != nil {
		return nil, err
	}
	// This machine's platform, when it is one of them, is built first: its
	// minichess-report measures the report.
	built := map[string]map[string]string{}
	build := func(pl string) (map[string]string, error) {
		if exes, ok := built[pl]; ok {
			return exes, nil
		}
		goos, goarch, _ := strings.Cut(pl, "/")
		exes, err := st.BuildAll("bin-"+goos+"-"+goarch, []string{"GOOS=" + goos, "GOARCH=" + goarch})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pl, err)
		}
		built[pl] = exes
		return exes, nil
	}
	reportExe := ""
	if host := runtime.GOOS + "/" + runtime.GOARCH; slices.Contains(platforms, host) {
		exes, err := build(host)
		if err != nil {
			return nil, err
		}
		reportExe = exes[path.Base(MiniChessReport)]
	}
	report, err := miniChessReport(st, cfg, reportExe)
	if err != nil {
		return nil, err
	}
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
		exes, err := build(pl)
		if err != nil {
			return nil, err
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
				if err := a.Add(top+"/"+pack.ExeName(name, goos), data, true); err != nil {
					return nil, err
				}
				readme.Programs = append(readme.Programs, miniChessFile{pack.ExeName(name, goos), p.Cmd})
			}
		}
		if goos == "windows" {
			readme.Run = "main.exe player_submission.exe baseline4.exe"
		}
		text, err := pack.Render(cfg.Repo, "minichess/README.txt.tmpl", readme)
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
		cfg.Logf("wrote %s (%d files)", out, len(a.Names()))
		outs = append(outs, out)
	}
	return outs, nil
}

// miniChessReport runs the shipped minichess-report, exe (this machine's
// build of the sources) or, when exe is "", one it builds for this machine,
// on the shipped sources (the code it quotes) with the template and the
// long runs' results of the repository's docs/, at the budgets of cfg.
func miniChessReport(s *pack.Stage, cfg *pack.Config, exe string) ([]byte, error) {
	nodes, openings := cfg.ReportNodes, cfg.ReportOpenings
	if nodes == 0 {
		nodes = 20000
	}
	if openings == 0 {
		openings = 50
	}
	if exe == "" {
		exe = filepath.Join(s.Dir, "minichess-report")
		if err := pack.GoBuild(s.Src, nil, exe, "./"+MiniChessReport); err != nil {
			return nil, err
		}
	}
	docs := filepath.Join(cfg.Repo, "docs")
	out := filepath.Join(s.Dir, "REPORT.md")
	cfg.Logf("measuring the report (about 30 s of CPU at the default budgets)")
	r, err := pack.RunProgram(s.Dir, exe, []string{"-root", s.Src, "-o", out,
		"-template", filepath.Join(docs, "minichess", "report.md.tmpl"),
		"-strength", filepath.Join(docs, "minichess", "strength.md"),
		"-features", filepath.Join(docs, "engine", "minichess.md"),
		"-nodes", strconv.FormatUint(nodes, 10), "-required1-nodes", strconv.FormatUint(10*nodes, 10),
		"-baseline4-openings", strconv.Itoa(openings)}, nil)
	if err != nil {
		return nil, err
	}
	if r.Code != 0 {
		return nil, fmt.Errorf("minichess-report exited with status %d: %s", r.Code, strings.TrimSpace(string(r.Stderr)))
	}
	return os.ReadFile(out)
}

// packRecipe is the recipe of the MiniChess archives, the Pack of [Game].
var packRecipe = &pack.Recipe{
	Course: "minichess",
	Usage: `  minichess [NETID] minichess/minichess-<os>-<arch>.zip for each platform:
                    the programs, README.txt on running a game, REPORT.md
                    (the design report, measured), sources
`,
	FlagUsage: `  -platforms LIST    minichess: comma-separated GOOS/GOARCH list (default
                     linux/amd64,windows/amd64,darwin/amd64,darwin/arm64)
  -report-nodes N    minichess: node budget per move of the report's matches
                     (default 20000; the baseline games get 10 times as many)
  -report-openings N minichess: random openings of the report's match
                     against baseline4 (default 50, two games each)
`,
	Time:  "about 45 s (most of it the report's matches)",
	Flags: packFlags,
	Write: writeMiniChess,
}

// packFlags registers -platforms, -report-nodes and -report-openings.
func packFlags(fs *flag.FlagSet, cfg *pack.Config) func() error {
	platforms := fs.String("platforms", "", "")
	fs.Uint64Var(&cfg.ReportNodes, "report-nodes", 0, "")
	fs.IntVar(&cfg.ReportOpenings, "report-openings", 0, "")
	return func() error {
		if cfg.ReportNodes > 1e8 {
			return pack.Usagef("-report-nodes %d: want 1 to 100000000", cfg.ReportNodes)
		}
		if cfg.ReportOpenings < 0 || cfg.ReportOpenings > 10000 {
			return pack.Usagef("-report-openings %d: want 1 to 10000", cfg.ReportOpenings)
		}
		if *platforms != "" {
			for _, pl := range strings.Split(*platforms, ",") {
				if !pack.ValidPlatform(pl) {
					return pack.Usagef("-platforms: %q is not GOOS/GOARCH", pl)
				}
				cfg.Platforms = append(cfg.Platforms, pl)
			}
		}
		return nil
	}
}
