package arena

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// ProgramPlayer is an external program that speaks the file protocol
// (docs/minichess.md, "The file protocol"): for every move it is started as "Argv... state action" in a
// private temporary directory, killed when Timeout runs out, and its last
// complete move is read from the action file the way the runner reads it.
// Its stdout and stderr are discarded. As under the runner, the directory
// is the same for every move of a game (a program may keep files there,
// as player_submission keeps its ply count); each game gets a new one.
// Close removes the last one ([PlayMatch] calls it when the match ends).
type ProgramPlayer struct {
	// Label is the player's name.
	Label string
	// Argv is the program and its leading arguments.
	Argv []string
	// Timeout is the time limit per move (0: 10 s).
	Timeout time.Duration

	dir string // the current game's directory ("" before its first move)
}

// Name returns the label.
func (p *ProgramPlayer) Name() string { return p.Label }

// NewGame removes the previous game's directory: the next move starts a
// new one.
func (p *ProgramPlayer) NewGame(uint64) { p.Close() }

// Close removes the current game's directory.
func (p *ProgramPlayer) Close() error {
	if p.dir == "" {
		return nil
	}
	err := os.RemoveAll(p.dir)
	p.dir = ""
	return err
}

// Move runs the program on the current position and returns its last
// complete move, which may be invalid (the match then forfeits it); it
// fails when the program wrote no complete move.
func (p *ProgramPlayer) Move(t *match.Turn[GamePos, minichess.Move]) (minichess.Move, error) {
	if p.dir == "" {
		dir, err := os.MkdirTemp("", "minichess-player")
		if err != nil {
			return minichess.Move{}, err
		}
		p.dir = dir
	}
	dir := p.dir
	if err := os.Remove(filepath.Join(dir, "action")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return minichess.Move{}, err
	}
	pos := t.Pos.N.Position()
	if err := os.WriteFile(filepath.Join(dir, "state"), pos.AppendState(nil), 0o644); err != nil {
		return minichess.Move{}, err
	}
	limit := p.Timeout
	if limit <= 0 {
		limit = 10 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	exe, err := filepath.Abs(p.Argv[0])
	if err != nil {
		return minichess.Move{}, err
	}
	if _, err := os.Stat(exe); err != nil {
		if exe, err = exec.LookPath(p.Argv[0]); err != nil {
			return minichess.Move{}, err
		}
	}
	args := append(append([]string{}, p.Argv[1:]...), "state", "action")
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Dir = dir
	cmd.WaitDelay = time.Second
	_ = cmd.Run() // the exit status is ignored, as by the runner
	data, err := os.ReadFile(filepath.Join(dir, "action"))
	if err != nil {
		return minichess.Move{}, errors.New("no action file")
	}
	raw, count, err := minichess.ParseAction(bytes.NewReader(data))
	if err != nil || count == 0 {
		return minichess.Move{}, errors.New("no complete move in the action file")
	}
	for _, v := range raw {
		if v < -128 || v > 127 {
			return minichess.Move{}, errors.New("move out of range")
		}
	}
	return minichess.Move{FromRow: int8(raw[0]), FromCol: int8(raw[1]), ToRow: int8(raw[2]), ToCol: int8(raw[3])}, nil
}
