package runner

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

// player is one side's program, resolved before the game starts
// (docs/minichess.md, "The runner").
type player struct {
	arg  string   // the command-line argument, verbatim (printed in the header)
	path string   // the file to execute: absolute, or as found in PATH
	argv []string // argv[0] and the leading arguments; "state" and "action" follow
}

// resolvePlayer turns a player argument into a program to execute. When arg
// names an existing file (relative names are taken against dir), that file is
// run directly. Otherwise arg is split at spaces and tabs: the first word is
// the program, a path or a name looked up in PATH, and the other words are
// leading arguments. The error says what is wrong, without the "main: "
// prefix.
func resolvePlayer(dir, arg string) (*player, error) {
	if arg != "" && (isFile(inDir(dir, arg)) ||
		runtime.GOOS == "windows" && filepath.Ext(arg) == "" && isFile(inDir(dir, arg)+".exe")) {
		path, err := checkProgram(dir, arg)
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", arg, err)
		}
		return &player{arg: arg, path: path, argv: []string{arg}}, nil
	}
	words := strings.FieldsFunc(arg, func(r rune) bool { return r == ' ' || r == '\t' })
	if len(words) == 0 {
		return nil, fmt.Errorf("player %q: empty program name", arg)
	}
	prog := words[0]
	var path string
	if strings.ContainsRune(prog, '/') || strings.ContainsRune(prog, filepath.Separator) {
		p, err := checkProgram(dir, prog)
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", arg, err)
		}
		path = p
	} else {
		p, err := exec.LookPath(prog)
		if err != nil && !errors.Is(err, exec.ErrDot) {
			var ee *exec.Error
			if errors.As(err, &ee) {
				err = ee.Err
			}
			return nil, fmt.Errorf("player %q: %s: %v", arg, prog, err)
		}
		if !filepath.IsAbs(p) {
			p, _ = filepath.Abs(p)
		}
		path = p
	}
	return &player{arg: arg, path: path, argv: words}, nil
}

// isFile reports whether name is an existing file that is not a directory.
func isFile(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && !fi.IsDir()
}

// inDir resolves name against dir unless it is absolute.
func inDir(dir, name string) string {
	if filepath.IsAbs(name) || dir == "" {
		return name
	}
	return filepath.Join(dir, name)
}

// checkProgram checks that name (relative to dir) is an executable regular
// file and returns its absolute path.
func checkProgram(dir, name string) (string, error) {
	p := inDir(dir, name)
	fi, err := os.Stat(p)
	if err != nil && runtime.GOOS == "windows" && filepath.Ext(p) == "" {
		// "baseline2" names baseline2.exe on Windows.
		if efi, eerr := os.Stat(p + ".exe"); eerr == nil {
			p, fi, err = p+".exe", efi, nil
		}
	}
	if err != nil {
		return "", atomicfile.Cause(err)
	}
	if fi.IsDir() {
		return "", errors.New("is a directory")
	}
	if !isExecutable(fi) {
		return "", errors.New("not executable")
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return abs, nil
}
