//go:build unix

package tune_test

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena/tune"
	"gotest.tools/v3/assert"
)

// TestLabel: "minichess-tune label" keeps every -every-th position of the
// data and labels it with the engine's score (here a fake engine that
// always says +87 for the side to move) through the logistic of -scale,
// for white; the file it writes reads back, and a second run writes the
// same bytes.
func TestLabel(t *testing.T) {
	dir := t.TempDir()
	engine := filepath.Join(dir, "engine")
	assert.NilError(t, testutil.WriteExecutable(engine, []byte(`#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo uciok ;;
    isready) echo readyok ;;
    go*) echo "info depth 12 score cp 87 pv a2a3"; echo "bestmove a2a3" ;;
  esac
done
`)))
	fens := []string{"kqbnr/ppppp/5/5/PPPPP/RNBQK w", "kqbnr/ppppp/5/5/PPPPP/RNBQK b", "k4/1P3/5/2q2/5/4K b",
		"k4/1P3/5/2q2/5/4K w", "1k3/ppp2/2nrb/5/PP2P/R1BQK w"}
	var samples []tune.Sample
	for _, f := range fens {
		p, err := minichess.ParseFEN(f)
		assert.NilError(t, err)
		samples = append(samples, tune.Sample{Node: p.Node(), Result: 1})
	}
	var buf bytes.Buffer
	assert.NilError(t, tune.WriteData(&buf, samples))
	data := filepath.Join(dir, "data.gz")
	assert.NilError(t, os.WriteFile(data, buf.Bytes(), 0o644))

	var first []byte
	for run := range 2 {
		out := filepath.Join(dir, "labels.gz")
		var stdout, stderr bytes.Buffer
		code := tune.Run([]string{"label", "-engine", engine, "-data", data, "-every", "2", "-scale", "100", "-o", out}, nil, &stdout, &stderr)
		assert.Equal(t, code, 0, stderr.String())
		assert.Equal(t, stdout.String(), "3 positions written to "+out+"\n")
		assert.Equal(t, stderr.String(), "minichess-tune: 3/3 positions\n")
		got, err := os.ReadFile(out)
		assert.NilError(t, err)
		if run == 1 {
			assert.Assert(t, bytes.Equal(got, first), "the second run wrote other bytes")
			break
		}
		first = got
		labelled, err := tune.ReadData(bytes.NewReader(got), out)
		assert.NilError(t, err)
		up, down := 1/(1+math.Exp(-0.87)), 1/(1+math.Exp(0.87))
		assert.Assert(t, slices.Equal(labelled, []tune.Sample{
			{Node: samples[0].Node, Result: up},
			{Node: samples[2].Node, Result: down}, // black to move: -87 for white
			{Node: samples[4].Node, Result: up},
		}), "%v", labelled)
	}
}
