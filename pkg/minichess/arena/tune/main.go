package tune

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena/fsf"
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

// The recorded labels of Fairy-Stockfish (minichess.FSFEvalWeights):
// `minichess-tune label -engine PATH -o LabelFile`, with a build of
// Fairy-Stockfish commit c19b5f6c ("Fairy-Stockfish 231126"), labels every
// LabelEvery-th position of DataFile by a search of LabelDepth plies
// (LabelScale centipawns per logistic unit); LabelFile's SHA-256 is
// LabelSHA256, and `minichess-tune fit -data LabelFile` prints the weights
// (with -squares, minichess.FSFSquaresEvalWeights).
const (
	LabelFile   = "testdata/minichess-tune/fsf-depth12.txt.gz"
	LabelDepth  = 12
	LabelEvery  = 2
	LabelScale  = 174.0
	LabelSHA256 = "7364aafc992ff37f8760df09703e1248fac3bf6b3f023b9e4c7e7a6adb66d194"
)

// labelTimeout bounds one search of "minichess-tune label".
const labelTimeout = time.Minute

const usage = `usage: minichess-tune gen [-games N] [-plies K] [-nodes N] [-seed S] -o FILE
       minichess-tune label -engine PATH [-data FILE] [-depth D] [-every K] [-scale S] -o FILE
       minichess-tune fit [-data FILE] [-iters N] [-rate R] [-l2 L] [-squares] [-holdout P]
gen plays self-play games of player_submission's engine (node budget per move, random
openings of K plies from -seed) and writes their quiet positions labelled with the
game result (gzip text, "FEN result" per line). label keeps every K-th position of a
data file and labels it instead with Fairy-Stockfish's score after a search of D plies
(the engine at PATH), 1 / (1 + e^(-score/S)) for white. fit fits the evaluation weights
to the labels from minichess.HandEvalWeights (Texel's logistic method, Adam), with
-squares a piece-square table too, and prints the error before and after and the
weights as a Go literal; with -holdout P it fits the first 100-P% of the positions
only and prints the error of the initial and the fitted weights on the last P%.
The repository's data set is "minichess-tune gen -o ` + DataFile + `" (defaults);
its fit is "minichess-tune fit" (defaults). Its Fairy-Stockfish labels are
"minichess-tune label -engine PATH -o ` + LabelFile + `" (defaults),
their fit "minichess-tune fit -data ` + LabelFile + `" (add -squares for the fit with
the piece-square table).
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
		return writeData(*out, samples, stdout, fail)
	case "label":
		engine := fs.String("engine", "", "")
		data := fs.String("data", DataFile, "")
		depth := fs.Int("depth", LabelDepth, "")
		every := fs.Int("every", LabelEvery, "")
		scale := fs.Float64("scale", LabelScale, "")
		out := fs.String("o", "", "")
		if err := fs.Parse(args[1:]); err != nil {
			return parseFail(err, stderr, fail)
		}
		switch {
		case *engine == "":
			return fail(2, "label: -engine PATH (a Fairy-Stockfish binary) is required")
		case *out == "":
			return fail(2, "label: -o FILE is required")
		case *depth < 1 || *every < 1:
			return fail(2, "label: -depth and -every must be positive")
		case !(*scale > 0):
			return fail(2, "label: -scale must be > 0")
		}
		if cliutil.SameFile(*data, *out) {
			return fail(2, "label: -o %s is the data file: the labels never replace their input", *out)
		}
		samples, err := readData(*data)
		if err != nil {
			return fail(2, "%v", err)
		}
		labelled, err := Label(samples, LabelConfig{Engine: fsf.Engine{Path: *engine, Timeout: labelTimeout},
			Depth: *depth, Every: *every, Scale: *scale,
			Progress: func(done, total int) {
				if done%1000 == 0 || done == total {
					fmt.Fprintf(stderr, "minichess-tune: %d/%d positions\n", done, total)
				}
			}})
		if err != nil {
			return fail(1, "label: %v", err)
		}
		return writeData(*out, labelled, stdout, fail)
	case "fit":
		data := fs.String("data", defaultFitData, "")
		iters := fs.Int("iters", FitIterations, "")
		rate := fs.Float64("rate", FitRate, "")
		l2 := fs.Float64("l2", FitL2, "")
		squares := fs.Bool("squares", false, "")
		holdout := fs.Int("holdout", 0, "")
		if err := fs.Parse(args[1:]); err != nil {
			return parseFail(err, stderr, fail)
		}
		if *iters < 0 || !(*rate > 0) || !(*l2 >= 0) {
			return fail(2, "fit: -iters and -l2 must be >= 0 and -rate > 0")
		}
		if *holdout < 0 || *holdout > 90 {
			return fail(2, "fit: -holdout %d is not a percentage from 0 to 90", *holdout)
		}
		samples, err := readData(*data)
		if err != nil {
			return fail(2, "%v", err)
		}
		from := minichess.HandEvalWeights()
		cut := len(samples) - len(samples)*(*holdout)/100
		train, test := samples[:cut], samples[cut:]
		r := Fit(train, from, FitConfig{Iterations: *iters, Rate: *rate, L2: *l2, Squares: *squares})
		fmt.Fprintf(stdout, "%d positions, K %.6f, error %.6f -> %.6f\n", len(train), r.K, r.Before, r.After)
		if len(test) > 0 {
			e := Errors(test, r.K, from, r.Weights)
			fmt.Fprintf(stdout, "held out: the last %d positions, error %.6f -> %.6f\n", len(test), e[0], e[1])
		}
		fmt.Fprintf(stdout, "%s\n", GoLiteral(r.Weights))
		return 0
	case "-h", "-help", "--help", "help":
		io.WriteString(stderr, usage)
		return 0
	}
	return fail(2, "unknown command %q (gen, label, fit)", args[0])
}

func parseFail(err error, stderr io.Writer, fail func(int, string, ...any) int) int {
	if errors.Is(err, flag.ErrHelp) {
		io.WriteString(stderr, usage)
		return 0
	}
	return fail(2, "%v", err)
}

// readData reads the data file at path.
func readData(path string) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadData(f, path)
}

// writeData writes samples to the file out at once (nothing half-written)
// and says so on stdout.
func writeData(out string, samples []Sample, stdout io.Writer, fail func(int, string, ...any) int) int {
	var buf writerBuffer
	if err := WriteData(&buf, samples); err != nil {
		return fail(1, "%v", err)
	}
	if err := atomicfile.WriteFile(out, buf.b, 0o644); err != nil {
		return fail(1, "%v", err)
	}
	fmt.Fprintf(stdout, "%d positions written to %s\n", len(samples), out)
	return 0
}

// writerBuffer collects written bytes.
type writerBuffer struct{ b []byte }

func (w *writerBuffer) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}
