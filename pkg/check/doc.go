// Package check is the autograder of gamesearch: "gamesearch check" runs a
// student's program (any language) the way the course's grader runs a
// submission, compares it with the reference on the vendored course corpora
// and on random reachable positions, and explains each failure with a shrunk
// case and, when one known mistake explains every failure, a likely cause;
// "gamesearch gen" writes fresh test sets with expected outputs in the
// course's own layout.
//
// The package names no game. A course's programs are a Family: where their
// cases come from (the corpora, a seeded generator, a gen set), how a case
// is run and judged (a Unit), and the settings flags it takes; each game's
// gamedef package (pkg/<game>/gamedef) describes its families, and the
// entry points (Check, Gen, Grade, Autograder) take the registered
// families (package games). The expected outputs come from the graded
// programs' own code, called in process; no graded program imports this
// package. The diagnosis also runs mistake models (model.go): a plain
// minimax/alpha-beta that can break ties the other way, cut strictly or
// leave the root's alpha alone, and compares their answers with the
// student's.
//
// The families of the course games (see docs/check.md):
//
//   - Congo batch programs: N and the cases on stdin, one run per batch;
//     each case is judged on its own output lines.
//   - Morris: COMMAND board1.txt board2.txt DEPTH, stdout and board2.txt.
//   - Star/Circle: input.txt in a fresh directory, output.txt compared.
//   - MiniChess player and congo-agent, and the improved Morris programs:
//     validity only (a legal move in the right form, in time, no crash).
//
// Every run has its own temporary directory and its own process group,
// killed with everything it started at the time limit (internal/procgroup).
package check
