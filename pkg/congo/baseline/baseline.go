// Package baseline implements congo-baseline: the course's Part 5 player
// (fail-hard negamax alpha-beta to depth 4 with the advanced evaluation,
// root moves in ascending order, the first strictly best one played; see
// [agent.Baseline]) behind the tournament protocol of congo-agent (newgame,
// position, moves, go, quit), so that a student can play her agent against
// it under the course's own runner. The protocol loop is congo-agent's
// ([agent.Serve]) with the baseline as its [agent.Chooser]; only the search
// differs. The time of go is ignored: the course baseline has no time limit.
package baseline

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/agent"
)

// usage is the -h text.
const usage = `usage: congo-baseline [-rules 2021|2022]
Plays Congo over the tournament protocol of congo-agent: reads commands on
stdin (newgame, position <fen>, moves <m1> <m2> ..., go <seconds>, quit) and
answers each go with one move (or 0000) on stdout. Every move is the course's
Part 5 alpha-beta: fail-hard negamax to depth 4 with the advanced evaluation,
root moves in ascending order, the first strictly best one. The time of go
is ignored (the search has no time limit); equal inputs give equal outputs.
  -rules R   edition (default 2022)
`

// Run is the congo-baseline program: args without the program name; the
// result is the exit status (0 at quit or end of input, 1 when stdout cannot
// be written, 2 for bad flags).
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("congo-baseline", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rules := fs.String("rules", "2022", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, usage)
			return 0
		}
		fmt.Fprintf(stderr, "congo-baseline: %v\n", err)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "congo-baseline: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	r, ok := congo.ParseRules(*rules)
	if !ok {
		fmt.Fprintf(stderr, "congo-baseline: -rules: want 2021 or 2022, got %q\n", *rules)
		return 2
	}
	a := agent.New(agent.Config{Rules: r, Chooser: agent.NewBaseline(r), Name: "congo-baseline"})
	return agent.Serve(a, stdin, stdout, stderr)
}
