package procgroup

import (
	"errors"
	"os"
	"syscall"
	"testing"
)

// TestStartBusy: a start failing with ETXTBSY is tried again until it
// succeeds or busyTries starts have failed; any other outcome ends it.
func TestStartBusy(t *testing.T) {
	busy := &os.PathError{Op: "fork/exec", Path: "./player", Err: syscall.ETXTBSY}
	other := errors.New("exec format error")
	for _, tc := range []struct {
		name  string
		errs  []error // the results of the starts, the last one repeated
		calls int
		want  error
	}{
		{"busy twice", []error{busy, busy, nil}, 3, nil},
		{"always busy", []error{busy}, busyTries, busy},
		{"other error", []error{other}, 1, other},
		{"started", []error{nil}, 1, nil},
	} {
		calls := 0
		err := StartBusy(func() error {
			e := tc.errs[min(calls, len(tc.errs)-1)]
			calls++
			return e
		})
		if err != tc.want || calls != tc.calls {
			t.Errorf("%s: %v after %d starts, want %v after %d", tc.name, err, calls, tc.want, tc.calls)
		}
	}
}
