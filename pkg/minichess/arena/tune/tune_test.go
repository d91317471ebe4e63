package tune_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena/tune"
	"gotest.tools/v3/assert"
)

func loadData(t *testing.T) ([]byte, []tune.Sample) {
	t.Helper()
	path := filepath.Join(testutil.RepoRoot(t), tune.DataFile)
	data, err := os.ReadFile(path)
	assert.NilError(t, err)
	samples, err := tune.ReadData(bytes.NewReader(data), path)
	assert.NilError(t, err)
	return data, samples
}

// TestRecordedFit: the data set in the repository is the recorded one
// (its SHA-256) and the tuner fits exactly minichess.TunedEvalWeights to it
// with the recorded settings.
func TestRecordedFit(t *testing.T) {
	data, samples := loadData(t)
	sum := sha256.Sum256(data)
	assert.Equal(t, hex.EncodeToString(sum[:]), tune.DataSHA256)
	assert.Equal(t, len(samples), 45600)
	r := tune.Fit(samples, minichess.HandEvalWeights(), tune.FitConfig{Iterations: tune.FitIterations, Rate: tune.FitRate, L2: tune.FitL2})
	assert.Equal(t, r.Weights, minichess.TunedEvalWeights())
	assert.Assert(t, r.After < r.Before, "error %f -> %f", r.Before, r.After)
}

// TestRecordedFSFFit: the Fairy-Stockfish labels in the repository are the
// recorded ones (their SHA-256), every LabelEvery-th position of the
// self-play data set in order, each labelled with an expected result
// strictly between 0 and 1, and the tuner fits exactly
// minichess.FSFEvalWeights to them with the recorded settings, and
// minichess.FSFSquaresEvalWeights with the piece-square table too. Relabelling
// needs Fairy-Stockfish: scripts/minichess-tune.sh -engine PATH.
func TestRecordedFSFFit(t *testing.T) {
	_, games := loadData(t)
	path := filepath.Join(testutil.RepoRoot(t), tune.LabelFile)
	data, err := os.ReadFile(path)
	assert.NilError(t, err)
	sum := sha256.Sum256(data)
	assert.Equal(t, hex.EncodeToString(sum[:]), tune.LabelSHA256)
	samples, err := tune.ReadData(bytes.NewReader(data), path)
	assert.NilError(t, err)
	assert.Equal(t, len(samples), (len(games)+tune.LabelEvery-1)/tune.LabelEvery)
	for i, s := range samples {
		assert.Assert(t, s.Node == games[i*tune.LabelEvery].Node, "label %d is not position %d of the data", i, i*tune.LabelEvery)
		assert.Assert(t, s.Result > 0 && s.Result < 1, "label %d: %v", i, s.Result)
	}
	r := tune.Fit(samples, minichess.HandEvalWeights(), tune.FitConfig{Iterations: tune.FitIterations, Rate: tune.FitRate, L2: tune.FitL2})
	assert.Equal(t, r.Weights, minichess.FSFEvalWeights())
	assert.Assert(t, r.After < r.Before, "error %f -> %f", r.Before, r.After)
	sq := tune.Fit(samples, minichess.HandEvalWeights(), tune.FitConfig{Iterations: tune.FitIterations, Rate: tune.FitRate, L2: tune.FitL2, Squares: true})
	assert.Equal(t, sq.Weights, minichess.FSFSquaresEvalWeights())
	assert.Assert(t, sq.After < r.After, "error with the table %f, without %f", sq.After, r.After)
}

// TestGenerateReproducesData: the recorded settings replay the recorded
// data set: its first games give exactly its first positions.
func TestGenerateReproducesData(t *testing.T) {
	_, samples := loadData(t)
	got, err := tune.Generate(tune.GenConfig{Games: 4, OpeningPlies: tune.DataPlies, Nodes: tune.DataNodes,
		Seed: tune.DataSeed, Weights: minichess.HandEvalWeights()})
	assert.NilError(t, err)
	assert.Assert(t, len(got) > 20, "%d positions", len(got))
	assert.Assert(t, slices.Equal(got, samples[:len(got)]), "the first %d generated positions differ from the recorded data", len(got))
}

// TestFeaturesLinear: the evaluation of every sample is the dot product of
// its features with the weights (the tuner's model is the engine's code).
func TestFeaturesLinear(t *testing.T) {
	_, samples := loadData(t)
	samples = samples[:500]
	x, k := tune.Features(samples, true)
	for _, w := range []minichess.EvalWeights{minichess.HandEvalWeights(), minichess.TunedEvalWeights(), minichess.FSFEvalWeights(), minichess.FSFSquaresEvalWeights()} {
		g := minichess.NewEngineGame(w)
		slots := tune.Slots(&w, true)
		assert.Equal(t, len(slots), k)
		for i, s := range samples {
			en := minichess.NewEngineNode(&s.Node, -1)
			want := float64(g.Evaluate(&en))
			if s.Node.ToMove() == minichess.Black {
				want = -want
			}
			var got float64
			for j, p := range slots {
				got += x[i*k+j] * float64(*p)
			}
			assert.Equal(t, got, want, "sample %d", i)
		}
	}
}

// TestGenerateRoundTrip: generation is deterministic, labels are results,
// and the data format reads back what was written.
func TestGenerateRoundTrip(t *testing.T) {
	cfg := tune.GenConfig{Games: 3, OpeningPlies: 4, Nodes: 300, Seed: 7, Weights: minichess.HandEvalWeights()}
	a, err := tune.Generate(cfg)
	assert.NilError(t, err)
	b, err := tune.Generate(cfg)
	assert.NilError(t, err)
	assert.Assert(t, len(a) > 10)
	assert.Assert(t, slices.Equal(a, b))
	var buf bytes.Buffer
	assert.NilError(t, tune.WriteData(&buf, a))
	back, err := tune.ReadData(&buf, "mem")
	assert.NilError(t, err)
	assert.Assert(t, slices.Equal(back, a))
	for _, s := range a {
		assert.Assert(t, s.Result == 0 || s.Result == 0.5 || s.Result == 1)
		assert.Assert(t, s.Node.Status() != minichess.Win)
	}
}

// TestFitHoldout: fit -holdout P fits the first positions only and scores
// the initial and the fitted weights on the last P%, as Fit and Error do.
func TestFitHoldout(t *testing.T) {
	_, samples := loadData(t)
	samples = samples[:1000]
	var buf bytes.Buffer
	assert.NilError(t, tune.WriteData(&buf, samples))
	data := filepath.Join(t.TempDir(), "d.gz")
	assert.NilError(t, os.WriteFile(data, buf.Bytes(), 0o644))
	var out, errb bytes.Buffer
	assert.Equal(t, tune.Run([]string{"fit", "-data", data, "-holdout", "30", "-iters", "50", "-squares"}, nil, &out, &errb), 0, errb.String())
	cfg := tune.FitConfig{Iterations: 50, Rate: tune.FitRate, L2: tune.FitL2, Squares: true}
	r := tune.Fit(samples[:700], minichess.HandEvalWeights(), cfg)
	e := tune.Errors(samples[700:], r.K, minichess.HandEvalWeights(), r.Weights)
	before, after := e[0], e[1]
	assert.Assert(t, after < before, "held-out error %f -> %f", before, after)
	want := fmt.Sprintf("700 positions, K %.6f, error %.6f -> %.6f\nheld out: the last 300 positions, error %.6f -> %.6f\n%s\n",
		r.K, r.Before, r.After, before, after, tune.GoLiteral(r.Weights))
	assert.Equal(t, out.String(), want)
	assert.Equal(t, tune.Errors(samples[:700], r.K, r.Weights)[0], r.After)
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	start := minichess.StartPosition()
	assert.NilError(t, tune.WriteData(&buf, []tune.Sample{{Node: start.Node(), Result: 2}}))
	bad := filepath.Join(dir, "bad.gz")
	assert.NilError(t, os.WriteFile(bad, buf.Bytes(), 0o644))
	plain := filepath.Join(dir, "plain")
	assert.NilError(t, os.WriteFile(plain, []byte("x"), 0o644))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"fit", "-data", bad}, "bad.gz:1: result \"2\" is not a number from 0 to 1"},
		{[]string{"fit", "-data", plain}, "plain: unexpected EOF"},
		{[]string{"fit", "-data", filepath.Join(dir, "none")}, "no such file"},
		{[]string{"fit", "-rate", "0"}, "-rate > 0"},
		{[]string{"fit", "-holdout", "95"}, "-holdout 95 is not a percentage from 0 to 90"},
		{[]string{"gen"}, "gen: -o FILE is required"},
		{[]string{"label", "-o", "x"}, "label: -engine PATH (a Fairy-Stockfish binary) is required"},
		{[]string{"label", "-engine", "fsf"}, "label: -o FILE is required"},
		{[]string{"label", "-engine", "fsf", "-o", "x", "-every", "0"}, "-depth and -every must be positive"},
		{[]string{"label", "-engine", "fsf", "-o", "x", "-data", plain}, "plain: unexpected EOF"},
		{[]string{"label", "-engine", "fsf", "-o", filepath.Join(dir, ".", "plain"), "-data", plain}, "is the data file: the labels never replace their input"},
		{[]string{"gen", "-games", "0", "-o", "x"}, "-games 0 is not positive"},
		{[]string{"frob"}, `unknown command "frob"`},
	} {
		var out, errb bytes.Buffer
		assert.Equal(t, tune.Run(c.args, nil, &out, &errb), 2, c.args)
		assert.Assert(t, strings.HasPrefix(errb.String(), "minichess-tune: ") && strings.Contains(errb.String(), c.want), "%v: %q", c.args, errb.String())
		assert.Equal(t, strings.Count(errb.String(), "\n"), 1)
		assert.Equal(t, out.String(), "")
	}
}
