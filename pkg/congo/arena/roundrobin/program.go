package roundrobin

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gamesearch/gamesearch/pkg/congo"
)

// Program returns an entrant played by an external program that speaks the
// congo-agent protocol of the specification (section 6.9): for every move
// the player sends "position <fen>" and "go <seconds>" and reads the reply
// line, a 4-character move ("0000" means no move, which forfeits). argv is
// the command line (program and arguments; a fixed -depth keeps the games
// reproducible). One process serves one game; it is sent "quit" at the end.
// A reply later than twice the time plus 5 s forfeits the game.
func Program(name, description string, seconds float64, argv ...string) Entrant {
	return Entrant{
		Name:        name,
		Description: description,
		New: func(congo.Rules) (Player, error) {
			return startProgram(seconds, argv)
		},
	}
}

// programPlayer is a running external player.
type programPlayer struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string
	stderr  limitedBuffer
	seconds float64
	closed  bool
}

// startProgram starts argv.
func startProgram(seconds float64, argv []string) (*programPlayer, error) {
	if len(argv) == 0 {
		return nil, errors.New("no program given")
	}
	if !(seconds > 0) {
		return nil, fmt.Errorf("time per move %v: want a positive number of seconds", seconds)
	}
	pp := &programPlayer{cmd: exec.Command(argv[0], argv[1:]...), lines: make(chan string, 1), seconds: seconds}
	pp.stderr.max = 4096
	pp.cmd.Stderr = &pp.stderr
	in, err := pp.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := pp.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	pp.stdin = in
	if err := pp.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", argv[0], err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			pp.lines <- sc.Text()
		}
		close(pp.lines)
	}()
	return pp, nil
}

// Move sends the position and reads the reply.
func (pp *programPlayer) Move(p *congo.Position) (congo.Move, uint64, error) {
	secs := strconv.FormatFloat(pp.seconds, 'f', -1, 64)
	if _, err := fmt.Fprintf(pp.stdin, "position %s\ngo %s\n", p.String(), secs); err != nil {
		return 0, 0, fmt.Errorf("writing to the program: %w", err)
	}
	limit := time.Duration(2*pp.seconds*float64(time.Second)) + 5*time.Second
	select {
	case line, ok := <-pp.lines:
		if !ok {
			return 0, 0, fmt.Errorf("the program ended without a reply%s", pp.stderrNote())
		}
		line = strings.TrimSpace(line)
		if line == "0000" {
			return 0, 0, errors.New("the program replied 0000 (no move)")
		}
		m, ok := congo.ParseMove(line)
		if !ok {
			return 0, 0, fmt.Errorf("the program replied %q, not a move", line)
		}
		return m, 0, nil
	case <-time.After(limit):
		return 0, 0, fmt.Errorf("no reply within %v", limit)
	}
}

// stderrNote returns the start of the program's stderr, if any, for error
// messages.
func (pp *programPlayer) stderrNote() string {
	s := strings.TrimSpace(pp.stderr.String())
	if s == "" {
		return ""
	}
	s, _, _ = strings.Cut(s, "\n")
	return " (stderr: " + s + ")"
}

// Close sends quit, closes the program's input and waits for it to end,
// killing it after 5 s.
func (pp *programPlayer) Close() error {
	if pp.closed {
		return nil
	}
	pp.closed = true
	io.WriteString(pp.stdin, "quit\n")
	pp.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- pp.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("%s: %w%s", pp.cmd.Path, err, pp.stderrNote())
		}
		return nil
	case <-time.After(5 * time.Second):
		pp.cmd.Process.Kill()
		<-done
		return fmt.Errorf("%s did not quit within 5 s; killed", pp.cmd.Path)
	}
}

// limitedBuffer keeps the first max bytes written to it and drops the rest.
// It is safe for concurrent use.
type limitedBuffer struct {
	mu  sync.Mutex
	b   bytes.Buffer
	max int
}

// String returns what was kept.
func (l *limitedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Write implements io.Writer.
func (l *limitedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if room := l.max - l.b.Len(); room > 0 {
		if len(p) < room {
			room = len(p)
		}
		l.b.Write(p[:room])
	}
	return len(p), nil
}
