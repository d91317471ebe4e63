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
	"github.com/gamesearch/gamesearch/pkg/match"
)

// usage is the help text of the congo-roundrobin command.
const usage = `usage: congo-roundrobin [-max-moves N] [-rules 2021|2022] [-start FEN] [-o FILE] [-games DIR]
Plays the Congo Part 6 round robin (every player against every other, both
colours) of the players minimax (depth 2), alpha-beta (depth 4) and
congo-agent (depth 6) and prints the results tables in Markdown. A progress
line per game goes to stderr.
  -max-moves N  draw after N moves by each side (default 100)
  -rules R      edition whose promotion rule applies (default 2021)
  -start FEN    start position (default "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 4")
  -o FILE       write the tables to FILE instead of stdout
  -games DIR    also write one record per game into DIR
`

// errHelp is returned by parseArgs for -h.
var errHelp = errors.New("help requested")

// options are the parsed command line of congo-roundrobin.
type options struct {
	cfg          Config
	out, gameDir string
}

// parseArgs reads the command line of congo-roundrobin. It does no I/O.
func parseArgs(args []string) (options, error) {
	fs := flag.NewFlagSet("congo-roundrobin", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o := options{cfg: DefaultConfig()}
	rules := fs.String("rules", "2021", "")
	fs.IntVar(&o.cfg.MaxMoves, "max-moves", o.cfg.MaxMoves, "")
	fs.StringVar(&o.cfg.Start, "start", o.cfg.Start, "")
	fs.StringVar(&o.out, "o", "", "")
	fs.StringVar(&o.gameDir, "games", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, errHelp
		}
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q (no positional arguments)", fs.Arg(0))
	}
	r, ok := congo.ParseEdition(*rules)
	if !ok {
		return o, fmt.Errorf("-rules %q: want 2021 or 2022", *rules)
	}
	o.cfg.Edition = r
	if o.cfg.MaxMoves < 1 || o.cfg.MaxMoves > 10000 {
		return o, fmt.Errorf("-max-moves %d: want 1 to 10000", o.cfg.MaxMoves)
	}
	p, err := congo.ParseFEN(o.cfg.Start)
	if err != nil {
		return o, fmt.Errorf("-start: %v", err)
	}
	if p.LionMissing() {
		return o, fmt.Errorf("-start %q: a lion is missing", o.cfg.Start)
	}
	return o, nil
}

// Run is the congo-roundrobin command: args without the program name; the
// result is the exit status (0 success, 1 failure to write, 2 bad
// arguments). Bad arguments give one line on stderr.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseArgs(args)
	if err == errHelp {
		io.WriteString(stderr, usage)
		return 0
	}
	if err != nil {
		msg := strings.ReplaceAll(strings.ReplaceAll(err.Error(), "\r", " "), "\n", " ")
		fmt.Fprintf(stderr, "congo-roundrobin: %s\n", msg)
		return 2
	}
	cfg, out, gamesDir := o.cfg, &o.out, &o.gameDir
	cfg.Progress = func(p match.Progress) { fmt.Fprintln(stderr, p) }
	cfg.Stderr = stderr
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
