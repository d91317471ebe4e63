package tune

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// The recorded data set and fit of the weights in the repository
// (minichess.TunedEvalWeights): `minichess-tune gen` with these settings writes
// DataFile (its SHA-256 is DataSHA256), `minichess-tune fit` with these settings
// prints the weights.
const (
	DataFile       = "testdata/minichess-tune/selfplay.txt.gz"
	DataGames      = 1500
	DataPlies      = 4
	DataNodes      = 3000
	DataSeed       = 20260601
	DataSHA256     = "ac80888e57b281016fd547443674d154a4dd24e213622fe99130a0a0ad32fc48"
	FitIterations  = 400
	FitRate        = 1.0
	FitL2          = 1e-7
	defaultFitData = DataFile
)

const usage = `usage: minichess-tune gen [-games N] [-plies K] [-nodes N] [-seed S] -o FILE
       minichess-tune fit [-data FILE] [-iters N] [-rate R] [-l2 L]
gen plays self-play games of player_submission's engine (node budget per move, random
openings of K plies from -seed) and writes their quiet positions labelled with the
game result (gzip text, "FEN result" per line). fit fits the evaluation weights to
those results from minichess.HandEvalWeights (Texel's logistic method, Adam) and
prints the error before and after and the weights as a Go literal.
The repository's data set is "minichess-tune gen -o ` + DataFile + `" (defaults);
its fit is "minichess-tune fit" (defaults).
`

// Run runs minichess-tune with args (without the program name) and returns the
// exit status: 0 on success, 2 on bad usage or a bad data file, 1 when the
// output cannot be written.
func Run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "minichess-tune: %s\n", fmt.Sprintf(format, a...))
		return code
	}
	if len(args) == 0 {
		io.WriteString(stderr, usage)
		return 2
	}
	fs := flag.NewFlagSet("minichess-tune "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	switch args[0] {
	case "gen":
		games := fs.Int("games", DataGames, "")
		plies := fs.Int("plies", DataPlies, "")
		nodes := fs.Uint64("nodes", DataNodes, "")
		seed := fs.Uint64("seed", DataSeed, "")
		out := fs.String("o", "", "")
		if err := fs.Parse(args[1:]); err != nil {
			return parseFail(err, stderr, fail)
		}
		switch {
		case *out == "":
			return fail(2, "gen: -o FILE is required")
		case *games < 1:
			return fail(2, "gen: -games %d is not positive", *games)
		case *plies < 0 || *plies > 20:
			return fail(2, "gen: -plies %d is not in 0..20", *plies)
		case *nodes < 1:
			return fail(2, "gen: -nodes must be positive")
		}
		samples, err := Generate(GenConfig{Games: *games, OpeningPlies: *plies, Nodes: *nodes, Seed: *seed,
			Weights: minichess.HandEvalWeights(),
			Progress: func(g int) {
				if g%50 == 0 {
					fmt.Fprintf(stderr, "minichess-tune: %d/%d games\n", g, *games)
				}
			}})
		if err != nil {
			return fail(1, "gen: %v", err)
		}
		var buf writerBuffer
		if err := WriteData(&buf, samples); err != nil {
			return fail(1, "%v", err)
		}
		if err := atomicfile.WriteFile(*out, buf.b, 0o644); err != nil {
			return fail(1, "%v", err)
		}
		fmt.Fprintf(stdout, "%d positions from %d games written to %s\n", len(samples), *games, *out)
		return 0
	case "fit":
		data := fs.String("data", defaultFitData, "")
		iters := fs.Int("iters", FitIterations, "")
		rate := fs.Float64("rate", FitRate, "")
		l2 := fs.Float64("l2", FitL2, "")
		if err := fs.Parse(args[1:]); err != nil {
			return parseFail(err, stderr, fail)
		}
		if *iters < 0 || !(*rate > 0) || !(*l2 >= 0) {
			return fail(2, "fit: -iters and -l2 must be >= 0 and -rate > 0")
		}
		f, err := os.Open(*data)
		if err != nil {
			return fail(2, "%v", err)
		}
		samples, err := ReadData(f, *data)
		f.Close()
		if err != nil {
			return fail(2, "%v", err)
		}
		r := Fit(samples, minichess.HandEvalWeights(), FitConfig{Iterations: *iters, Rate: *rate, L2: *l2})
		fmt.Fprintf(stdout, "%d positions, K %.6f, error %.6f -> %.6f\n%s\n", len(samples), r.K, r.Before, r.After, GoLiteral(r.Weights))
		return 0
	case "-h", "-help", "--help", "help":
		io.WriteString(stderr, usage)
		return 0
	}
	return fail(2, "unknown command %q (gen, fit)", args[0])
}

func parseFail(err error, stderr io.Writer, fail func(int, string, ...any) int) int {
	if errors.Is(err, flag.ErrHelp) {
		io.WriteString(stderr, usage)
		return 0
	}
	return fail(2, "%v", err)
}

// writerBuffer collects written bytes.
type writerBuffer struct{ b []byte }

func (w *writerBuffer) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}
