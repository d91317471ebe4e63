package layout

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// outputArg matches what a README command writes in the repository: the
// argument of -o or of a > redirection.
var outputArg = regexp.MustCompile(`(?:^|\s)(?:-o\s+|>\s*)([^\s|&;]+)`)

// TestReadmeOutputsIgnored: every file or directory that a command of the
// README's code blocks writes into the repository (-o PATH, > PATH) is
// ignored by git, so that trying the README leaves the working tree clean.
func TestReadmeOutputsIgnored(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found: cannot ask which paths .gitignore covers")
	}
	root := testutil.RepoRoot(t)
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skip("not a git checkout: cannot ask which paths .gitignore covers")
	}
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	assert.NilError(t, err)
	inBlock := false
	var paths []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "```") {
			inBlock = !inBlock
			continue
		}
		if !inBlock {
			continue
		}
		cmd, _, _ := strings.Cut(line, "#") // the comment after a command
		if strings.Contains(cmd, "printf '") {
			cmd = cmd[strings.LastIndex(cmd, "'")+1:] // not the quoted input
		}
		for _, m := range outputArg.FindAllStringSubmatch(cmd, -1) {
			p := m[1]
			if p == "-" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "$") {
				continue // stdout, or outside the repository
			}
			paths = append(paths, p)
		}
	}
	assert.Assert(t, len(paths) >= 3, "README outputs found: %q", paths)
	for _, p := range paths {
		cmd := exec.Command("git", "check-ignore", "-q", "--no-index", p)
		cmd.Dir = root
		err := cmd.Run()
		assert.NilError(t, err, "%s, written by a README command, is not ignored by .gitignore", p)
	}
}
