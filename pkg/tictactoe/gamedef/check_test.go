package gamedef

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/check"
)

// TestCheckVerdicts: gamesearch check passes tictactoe-minimax and fails
// the same program with its node count one short (the root not counted)
// or with the first free square instead of the best.
func TestCheckVerdicts(t *testing.T) {
	dir := t.TempDir()
	if err := testutil.BuildCommands(t, dir, nil, "tictactoe-minimax"); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "tictactoe-minimax")
	script := func(name, filter string) string {
		p := filepath.Join(dir, name)
		body := "#!/bin/sh\n\"" + bin + "\" | awk '" + filter + "'\n"
		if err := testutil.WriteExecutable(p, []byte(body)); err != nil {
			t.Fatal(err)
		}
		return p
	}
	run := func(cmd, n string) (int, string) {
		var out, errb bytes.Buffer
		code := check.Check([]*check.Family{minimaxCheck}, []string{"tictactoe-minimax", "-n", n, "-dir", dir, "--", cmd}, &out, &errb)
		return code, out.String() + errb.String()
	}
	if code, out := run(bin, "40"); code != 0 || !strings.Contains(out, "47/47 cases passed") {
		t.Fatalf("our program: exit %d\n%s", code, out)
	}
	for _, broken := range []string{
		script("noroot.sh", "NR==2{print $1-1; next} {print}"),
		script("first.sh", "NR==1{print 1; next} {print}"),
	} {
		// The corpus cases and one random case are enough to fail.
		if code, out := run(broken, "1"); code != 1 || !strings.Contains(out, "FAIL") {
			t.Errorf("%s: exit %d, want 1 and FAIL\n%s", filepath.Base(broken), code, out)
		}
	}
}
