package gamedef

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gamesearch/gamesearch/internal/pack"
)

// StarCircleExamples is the directory, relative to the repository root,
// holding one folder per Star/Circle example with its input.txt: the five
// handout examples (with the cells the handout's text dropped restored, as
// in the conformance data).
const StarCircleExamples = "docs/starcircle/examples"

// starCircleExample is one line of the list of examples in README.txt.
type starCircleExample struct {
	// Name is the example's directory under examples/; Output its output
	// with " | " for the line breaks.
	Name, Output string
}

// starCircleReadme fills docs/starcircle/README.txt.tmpl.
type starCircleReadme struct {
	NetID, GoVersion string
	Examples         []starCircleExample
}

// writeStarCircle writes the Star/Circle archive starcircle/NETID.zip:
// NETID/README.txt, NETID/src/ (cmd/starcircle and what it imports) and
// NETID/examples/<name>/ with input.txt and the output.txt that the shipped
// program writes for it.
func writeStarCircle(cfg *pack.Config) ([]string, error) {
	netid := cfg.NetID
	st, err := pack.NewStage(cfg)
	if err != nil {
		return nil, err
	}
	defer st.Done()
	a := pack.NewArchive()
	src, err := st.Ship(a, netid, []string{"./cmd/starcircle"})
	if err != nil {
		return nil, err
	}
	exes, err := st.BuildAll("bin", nil)
	if err != nil {
		return nil, err
	}
	exe, ok := exes["starcircle"]
	if !ok {
		return nil, fmt.Errorf("cmd/starcircle was not built")
	}
	dirs, err := filepath.Glob(filepath.Join(cfg.Repo, filepath.FromSlash(StarCircleExamples), "*", "input.txt"))
	if err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("no examples under %s", StarCircleExamples)
	}
	sort.Strings(dirs)
	var examples []starCircleExample
	for _, in := range dirs {
		name := filepath.Base(filepath.Dir(in))
		input, err := os.ReadFile(in)
		if err != nil {
			return nil, err
		}
		// The grader's convention: input.txt in, output.txt out, in the
		// current directory.
		work := filepath.Join(st.Dir, "run", name)
		if err := os.MkdirAll(work, 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(work, "input.txt"), input, 0o644); err != nil {
			return nil, err
		}
		r, err := pack.RunProgram(work, exe, nil, nil)
		if err != nil {
			return nil, err
		}
		if r.Code != 0 || len(r.Stderr) > 0 {
			return nil, fmt.Errorf("example %s: starcircle exited with status %d: %s", name, r.Code, strings.TrimSpace(string(r.Stderr)))
		}
		output, err := os.ReadFile(filepath.Join(work, "output.txt"))
		if err != nil {
			return nil, err
		}
		if err := a.Add(path.Join(netid, "examples", name, "input.txt"), input, false); err != nil {
			return nil, err
		}
		if err := a.Add(path.Join(netid, "examples", name, "output.txt"), output, false); err != nil {
			return nil, err
		}
		examples = append(examples, starCircleExample{name, strings.ReplaceAll(string(output), "\n", " | ")})
	}
	cfg.Logf("ran %d examples", len(dirs))
	readme, err := pack.Render(cfg.Repo, "starcircle/README.txt.tmpl", starCircleReadme{netid, src.Module.GoVersion, examples})
	if err != nil {
		return nil, err
	}
	return cfg.WriteNetID(a, "starcircle", netid, pack.NetIDFile{Name: "README.txt", Data: readme})
}

// packRecipe is the recipe of the Star/Circle archive, the Pack of [Game].
var packRecipe = &pack.Recipe{
	Course:    "starcircle",
	NeedNetID: true,
	Usage: `  starcircle NETID  starcircle/NETID.zip: sources, README.txt, the five
                    handout examples with the program's outputs
`,
	Time:  "under 1 s",
	Write: writeStarCircle,
}
