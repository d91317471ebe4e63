//go:build !linux

package sandbox

import "github.com/gamesearch/gamesearch/internal/procgroup"

// Detect finds no isolation outside Linux.
func Detect() (Mode, string) { return None, "sandboxes are built on Linux only" }

// Box is one started sandbox; none start outside Linux.
type Box struct{}

// Start cannot start a sandbox outside Linux.
func Start(Config, Program) (*Box, error) { return nil, ErrUnavailable }

// Done is never closed: no Box starts.
func (b *Box) Done() <-chan struct{} { return nil }

// Wait returns ErrUnavailable.
func (b *Box) Wait() (Status, error) { return Status{}, ErrUnavailable }

// Usage measures nothing.
func (b *Box) Usage() (procgroup.Usage, bool) { return procgroup.Usage{}, false }

// Terminate does nothing.
func (b *Box) Terminate() {}

// Kill does nothing.
func (b *Box) Kill() {}
