package gamedef

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// starcircleCheck is the homework's family: input.txt in the program's
// folder, output.txt compared with the reference's.
var starcircleCheck = &check.Family{
	Title: "Star/Circle",
	Programs: []*check.Program{{Name: "starcircle", Exact: true, PerCase: 10 * time.Second, PerWork: 50 * time.Microsecond,
		WorkUnit: "node", About: "Star/Circle: input.txt to output.txt"}},
	Public: starcirclePublic,
	Extra:  "starcircle/extra.txt",
	Chosen: "starcircle/default.txt",
	Random: func(_ *check.Options, n int, seed uint64) ([]check.Unit, error) {
		return check.UnitsOf(starcircleRandom(n, seed))
	},
	ReadSet: func(o *check.Options) ([]check.Unit, error) {
		return starcircleDir(check.DirFiles(o.Cases), ".", "")
	},
	SetFiles: func(_ *check.Options, units []check.Unit) []check.File {
		var files []check.File
		width := len(strconv.Itoa(len(units)))
		for i, u := range units {
			sc := u.(*scCase)
			dir := fmt.Sprintf("%0*d", width, i+1)
			files = append(files, check.File{Name: filepath.Join(dir, "input.txt"), Data: sc.input},
				check.File{Name: filepath.Join(dir, "output.txt"), Data: []byte(sc.want)})
		}
		return files
	},
	// A failing case opens its input.txt as the report shows it (line ends
	// marked, the length line last).
	Explore: func(_ *check.Program, _, input string) url.Values { return check.ExploreInput(input, "input.txt:\n") },
}

// Key names the case as starcircle/extra.txt does: its folder.
func (sc *scCase) Key() string { return sc.name }

// Cost implements check.Profiled: the reference's node count.
func (sc *scCase) Cost() uint64 { return sc.nodes() }

// Classes implements check.Profiled: the case's depth, search and side to
// move, the rule features its search meets (a pass, a stack), and each
// model mistake whose answer differs from the expected one on it.
func (sc *scCase) Classes() []string {
	p := sc.prob
	out := []string{fmt.Sprintf("depth %d", p.Depth), "algorithm " + p.Algorithm.String(), "player " + p.Player.String(),
		fmt.Sprintf("%s depth %d", p.Algorithm, p.Depth)}
	f := sc.features()
	for _, c := range []check.Cause{check.CausePass, check.CauseStack} {
		if f.Has(c) {
			out = append(out, fmt.Sprintf("feature %d", c))
		}
	}
	want := strings.TrimSuffix(sc.want, "\n")
	for _, v := range check.Variants {
		if v.MorrisOnly || v.AbOnly && p.Algorithm != starcircle.AlphaBeta {
			continue
		}
		if m, ok := sc.model(v.M, nil); ok && strings.TrimSuffix(m.lines, "\n") != want {
			out = append(out, fmt.Sprintf("mistake %d %+v", v.C, v.M))
		}
	}
	return out
}
