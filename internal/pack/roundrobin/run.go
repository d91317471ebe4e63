package roundrobin

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/pkg/congo"
)

// usage is the help text of the congo-roundrobin command.
const usage = `usage: congo-roundrobin [-max-moves N] [-rules 2021|2022] [-start FEN] [-o FILE] [-games DIR]
Plays the Congo Part 6 round robin (every player against every other, both
colours) of the players minimax (depth 2) and alpha-beta (depth 4) and prints
the results tables in Markdown.
  -max-moves N  draw after N moves by each side (default 100)
  -rules R      edition whose promotion rule applies (default 2021)
  -start FEN    start position (default "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 4")
  -o FILE       write the tables to FILE instead of stdout
  -games DIR    also write one record per game into DIR
`

// Run is the congo-roundrobin command: args without the program name; the
// result is the exit status (0 success, 1 failure to write, 2 bad
// arguments). Bad arguments give one line on stderr.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("congo-roundrobin", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg := DefaultConfig()
	rules := fs.String("rules", "2021", "")
	fs.IntVar(&cfg.MaxMoves, "max-moves", cfg.MaxMoves, "")
	fs.StringVar(&cfg.Start, "start", cfg.Start, "")
	out := fs.String("o", "", "")
	gamesDir := fs.String("games", "", "")
	fail := func(format string, a ...any) int {
		msg := strings.ReplaceAll(fmt.Sprintf(format, a...), "\n", " ")
		fmt.Fprintf(stderr, "congo-roundrobin: %s\n", msg)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, usage)
			return 0
		}
		return fail("%v", err)
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q (no positional arguments)", fs.Arg(0))
	}
	r, ok := congo.ParseRules(*rules)
	if !ok {
		return fail("-rules %q: want 2021 or 2022", *rules)
	}
	cfg.Rules = r
	if cfg.MaxMoves < 1 || cfg.MaxMoves > 10000 {
		return fail("-max-moves %d: want 1 to 10000", cfg.MaxMoves)
	}
	p, err := congo.ParseFEN(cfg.Start)
	if err != nil {
		return fail("-start: %v", err)
	}
	if p.LionMissing() {
		return fail("-start %q: a lion is missing", cfg.Start)
	}
	entrants := Entrants()
	games, err := Play(cfg, entrants)
	if err != nil {
		fmt.Fprintf(stderr, "congo-roundrobin: %v\n", err)
		return 1
	}
	tables := Tables(cfg, entrants, games)
	if *gamesDir != "" {
		if err := os.MkdirAll(*gamesDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "congo-roundrobin: %v\n", err)
			return 1
		}
		for i, g := range games {
			if err := atomicfile.WriteFile(filepath.Join(*gamesDir, RecordName(i+1, g)), Record(cfg, i+1, g), 0o644); err != nil {
				fmt.Fprintf(stderr, "congo-roundrobin: %v\n", err)
				return 1
			}
		}
	}
	if *out != "" {
		err = atomicfile.WriteFile(*out, tables, 0o644)
	} else {
		_, err = stdout.Write(tables)
	}
	if err != nil {
		fmt.Fprintf(stderr, "congo-roundrobin: %v\n", err)
		return 1
	}
	return 0
}
