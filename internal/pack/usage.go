package pack

import (
	"fmt"
	"strings"
)

// UsageError is a bad command line or course argument: the packager
// reports it on one stderr line with exit status 2.
type UsageError struct{ Msg string }

// Error returns the message.
func (e *UsageError) Error() string { return e.Msg }

// Usagef returns a *UsageError.
func Usagef(format string, a ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, a...)}
}

// ValidPlatform reports whether pl has the form GOOS/GOARCH with two
// non-empty words of lower-case letters and digits.
func ValidPlatform(pl string) bool {
	goos, goarch, ok := strings.Cut(pl, "/")
	word := func(s string) bool {
		if s == "" {
			return false
		}
		for _, c := range s {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
				return false
			}
		}
		return true
	}
	return ok && word(goos) && word(goarch)
}
