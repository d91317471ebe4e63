// Command mcreport writes the MiniChess report docs/minichess/report.md
// (the design report), running every measurement it quotes; see
// submission.ReportTool. scripts/minichess_report.sh runs it from the
// repository root.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
)

func main() {
	os.Exit(submission.ReportTool(os.Args[1:], os.Stdout, os.Stderr))
}
