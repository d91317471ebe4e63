package arena

// This file holds the process side of the match players: an external program
// speaking the course's file protocol.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// ProgramPlayer plays by running external programs with the course's protocol
// (docs/morris.md §2): PROGRAM [-board KIND] INPUT OUTPUT [DEPTH], with
// -board only for a board the length does not select (B21, U21). Opening is
// run while the player has pieces to place, Game afterwards. The programs move
// for White: when the player has Black, the board is colour-swapped before it
// is written and the output swapped back (docs/morris.md §6.7). The output
// must be a child of the position; the match checks that.
type ProgramPlayer struct {
	Label string
	Board *morris.Board
	// Opening and Game are the command lines (program and leading
	// arguments) of the two programs.
	Opening, Game []string
	// Depth is passed as the DEPTH argument; 0 passes none (for programs
	// run with -movetime).
	Depth int
	// Timeout kills a program that runs longer (0: the match's move time
	// plus one second, or no limit without one).
	Timeout time.Duration
}

// Name returns the label.
func (p *ProgramPlayer) Name() string { return p.Label }

// NewGame does nothing: each move is a new process.
func (p *ProgramPlayer) NewGame(uint64) {}

// Move writes the position, runs the program and reads its board.
func (p *ProgramPlayer) Move(t *match.Turn[GameState, morris.Node]) (morris.Node, error) {
	dir, err := os.MkdirTemp("", "morris-exec-")
	if err != nil {
		return morris.Node{}, err
	}
	defer os.RemoveAll(dir)
	pos := t.Pos.Position
	if t.Pos.Black {
		pos = pos.Swap()
	}
	in, out := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt")
	if err := os.WriteFile(in, []byte(pos.Format(p.Board.N)+"\n"), 0o644); err != nil {
		return morris.Node{}, err
	}
	argv := p.Game
	if t.Pos.Phase() == morris.Opening {
		argv = p.Opening
	}
	args := append([]string{}, argv[1:]...)
	if k, ok := morris.KindByLength(p.Board.N); !ok || k != p.Board.Kind {
		args = append(args, "-board", p.Board.Kind.String())
	}
	args = append(args, in, out)
	if p.Depth > 0 {
		args = append(args, strconv.Itoa(p.Depth))
	}
	ctx := context.Background()
	timeout := p.Timeout
	if timeout == 0 && t.MoveTime > 0 {
		timeout = t.MoveTime + time.Second
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, argv[0], args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		return morris.Node{}, fmt.Errorf("%s: %v %s", filepath.Base(argv[0]), err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return morris.Node{}, fmt.Errorf("%s: no output: %v", filepath.Base(argv[0]), atomicfile.Cause(err))
	}
	board, _, err := morris.ParseBoard(data, p.Board.Kind, true)
	if err != nil {
		return morris.Node{}, fmt.Errorf("%s: bad output: %v", filepath.Base(argv[0]), err)
	}
	if t.Pos.Black {
		board = board.Swap()
	}
	return morris.Node{Position: board, Black: !t.Pos.Black}, nil
}
