package gamedef

// MiniChess: a player is run as the course's runner runs it, "COMMAND state
// action" in a fresh directory holding the state file; at the time limit its
// process group gets SIGTERM, and SIGKILL one second later. The last
// complete move in the action file must be legal. Like the runner, check
// takes a move written before the time limit as the answer.

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// chessCase is one state a player must answer.
type chessCase struct {
	name string
	pos  minichess.Position
}

// chessPublic returns the 100 positions of baselines.tsv, the states the
// course's baselines were run on.
func chessPublic(o *check.Options) ([]check.Unit, error) {
	data, err := o.Corpus.Read("minichess/baselines.tsv")
	if err != nil {
		return nil, err
	}
	path := o.Corpus.Path("minichess/baselines.tsv")
	var units []check.Unit
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		f := strings.Split(sc.Text(), "\t")
		if line == 1 {
			continue
		}
		if len(f) != 7 {
			return nil, fmt.Errorf("%s: line %d: %d fields, want 7", path, line, len(f))
		}
		state := strings.ReplaceAll(f[6], `\n`, "\n")
		pos, err := minichess.ParseState(strings.NewReader(state), "state")
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: %v", path, line, err)
		}
		units = append(units, &chessCase{name: "baselines.tsv " + f[0], pos: pos})
	}
	return units, sc.Err()
}

// chessRandom returns n positions with moves and status None reached from
// the start by random games of 0 to 59 plies.
func chessRandom(n int, seed uint64) []check.Unit {
	r := match.NewRand(seed)
	var units []check.Unit
	var buf []minichess.Move
	for len(units) < n {
		p := minichess.StartPosition()
		plies := r.Intn(60)
		ok := true
		for i := 0; i < plies && ok; i++ {
			list, st := p.LegalMoves(buf[:0])
			buf = list
			if ok = st == minichess.None && len(list) > 0; ok {
				p = p.Play(list[r.Intn(len(list))])
			}
		}
		if list, st := p.LegalMoves(buf[:0]); !ok || st != minichess.None || len(list) == 0 {
			continue
		}
		units = append(units, &chessCase{name: fmt.Sprintf("#%d", len(units)+1), pos: p})
	}
	return units
}

// Size implements check.Unit.
func (cc *chessCase) Size() int { return 1 }

// Run runs the player on the state and checks its action file.
func (cc *chessCase) Run(c *check.Command, o *check.Options) ([]*check.Result, error) {
	state := cc.pos.AppendState(nil)
	rr, err := c.Run(check.RunSpec{Args: []string{"state", "action"}, Files: []check.File{{Name: "state", Data: state}},
		Read: []string{"action"}, Limit: o.Limit(1, 0), WallClock: true})
	if err != nil {
		return nil, err
	}
	r := &check.Result{Name: cc.name, Input: "state (" + cc.pos.FEN() + "):\n" + string(state), Run: rr}
	action, written := rr.Files["action"]
	r.Actual = "action: " + check.FileState(action, written)
	fail := func(c check.Cause, problem string) ([]*check.Result, error) {
		r.Problem = check.RunNote(rr, problem)
		r.Causes = func() check.CauseSet { return check.WithMixed(c) }
		return []*check.Result{r}, nil
	}
	raw, count, _ := minichess.ParseAction(bytes.NewReader(action))
	list, _ := cc.pos.LegalMoves(nil)
	switch {
	case count == 0 && rr.TimedOut:
		return fail(check.CauseTimeout, "no complete move in the action file at the time limit")
	case count == 0 && rr.Crashed():
		return fail(check.CauseCrash, "the player crashed before writing a move")
	case count == 0 && !written:
		return fail(check.CauseNoOutputFile, "the "+rr.Missing("action"))
	case count == 0:
		return fail(check.CauseFormat, "the action file holds no complete move \"r1 c1 r2 c2\"")
	case !raw.In(list):
		return fail(check.CauseIllegal, fmt.Sprintf("%d %d %d %d (%s) is not a legal move here", raw[0], raw[1], raw[2], raw[3], raw.Render()))
	case rr.Crashed():
		return fail(check.CauseCrash, "the player wrote a legal move but then crashed")
	}
	if len(rr.Stderr) > 0 {
		r.Warn.Add(check.WarnStderr)
	}
	r.Passed = true
	return []*check.Result{r}, nil
}
