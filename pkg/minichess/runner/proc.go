package runner

import (
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/gamesearch/gamesearch/internal/procgroup"
)

// killGrace is how long a player may take to exit after the termination
// signal of a time-out before the runner kills its process group.
const killGrace = time.Second

// copyGrace bounds how long the runner waits, after a player's process group
// was killed, for the player's console output to drain when the runner's own
// stdout or stderr is not a file (in-process tests). A grandchild that left
// the group can hold the pipe open; the runner does not wait for it.
const copyGrace = time.Second

// interrupted reports that the runner was interrupted by a signal while a
// player ran. code is the exit status to use (130 or 143).
type interrupted struct{ code int }

func (e interrupted) Error() string { return "interrupted" }

// outFile returns a file a child process can write to directly for w: w
// itself when it is an *os.File (so the player inherits the runner's file
// descriptor, as with the C++ runner), otherwise the write end of a pipe whose
// content is copied to w. done waits until the copy finished or the
// deadline passed; it must be called after the child's write end was closed.
func outFile(w io.Writer) (f *os.File, closeChild func(), done func(deadline time.Time), err error) {
	if file, ok := w.(*os.File); ok {
		return file, func() {}, func(time.Time) {}, nil
	}
	if w == nil {
		w = io.Discard
	}
	r, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, err
	}
	finished := make(chan struct{})
	gw := &gatedWriter{w: w}
	go func() {
		io.Copy(gw, r)
		close(finished)
	}()
	var once sync.Once
	closeChild = func() { once.Do(func() { pw.Close() }) }
	done = func(deadline time.Time) {
		closeChild()
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		select {
		case <-finished:
		case <-t.C:
			gw.close() // late output of an escaped process is dropped
		}
		r.Close()
	}
	return pw, closeChild, done, nil
}

// gatedWriter passes writes to w until it is closed, and drops them after,
// so that a copy that outlives its turn never writes concurrently with the
// runner.
type gatedWriter struct {
	mu     sync.Mutex
	w      io.Writer
	closed bool
}

func (g *gatedWriter) Write(b []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return len(b), nil
	}
	return g.w.Write(b)
}

func (g *gatedWriter) close() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
}

// runPlayer starts p as "<p.argv...> state action" in dir with the runner's
// stdout and stderr, waits until it exits or the time limit expires, and then
// makes sure that nothing of its process group survives. The player's exit
// status is ignored. The error is a start failure or an [interrupted].
func runPlayer(p *player, dir string, timeout time.Duration, stdout, stderr io.Writer, sigs <-chan os.Signal) error {
	outF, closeOut, doneOut, err := outFile(stdout)
	if err != nil {
		return err
	}
	errF, closeErr, doneErr, err := outFile(stderr)
	if err != nil {
		closeOut()
		doneOut(time.Now())
		return err
	}
	defer func() {
		deadline := time.Now().Add(copyGrace)
		doneOut(deadline)
		doneErr(deadline)
	}()

	cmd, g, err := procgroup.Start(func() *exec.Cmd {
		return &exec.Cmd{
			Path:   p.path,
			Args:   append(append(make([]string, 0, len(p.argv)+2), p.argv...), "state", "action"),
			Dir:    dir,
			Stdout: outF,
			Stderr: errF,
		}
	})
	if err != nil {
		closeOut()
		closeErr()
		return err
	}
	closeOut()
	closeErr()

	done := make(chan struct{})
	go func() {
		cmd.Wait()
		close(done)
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var result error
	select {
	case <-done:
	case <-timer.C:
		g.Terminate()
		grace := time.NewTimer(killGrace)
		select {
		case <-done:
		case <-grace.C:
			g.Kill()
			<-done
		}
		grace.Stop()
	case sig := <-sigs:
		g.Kill()
		<-done
		result = interrupted{code: exitCodeFor(sig)}
	}
	// Whatever ended the player, nothing it started may still write the
	// action file after the runner reads it.
	g.Kill()
	g.Release()
	return result
}
