// Package starcircle implements the Star/Circle game of USC CSCI-561 (Spring
// 2018, Homework 1, "Game Playing using MINIMAX and ALPHABETA") exactly as
// docs/starcircle.md describes it, and the program starcircle that answers
// the homework's input.txt with the grader's output.txt. docs/starcircle.md
// states the rules, the file formats, the search conventions and the
// decisions taken where the handout is silent.
//
// Conventions:
//
//   - The board is 8×8, rows A (bottom) to H (top), columns 1 to 8; only the
//     32 dark squares (row index + column number odd, A = 0) are used. A
//     [Square] is the bit index (7-row)*8 + (column-1), so that ascending bit
//     order is the handout's "positional order" (upper rows first, then left
//     first) and a [Bitboard] iterated from its low bit visits squares in
//     expansion order.
//   - Star moves up (towards H), Circle down (towards A). Stacks of several
//     pieces stand only on the owner's last row (H for Star, A for Circle),
//     where pieces never move again.
//   - Moves are steps and single, unforced jumps onto an empty square or onto
//     the mover's own pieces on its last row; a player without a move has the
//     single move [Pass]. A position is terminal when a player has no piece or
//     when it was reached by two consecutive passes.
//   - Utilities are the positional weights of the row-values line, always
//     from the root player's view; [CourseGame] is a search.Game with
//     search.RootPlayer perspective, searched fail-soft by pkg/search, which
//     counts every node it enters (root, pass nodes and leaves included).
//   - Row values are exact decimal fixed-point numbers: [Value]s are scaled by
//     10^Scale, where Scale is the largest number of significant fraction
//     digits on the row-values line (0 for the usual integers).
//
// Rules, notation and evaluation do no I/O; the file handling of the program
// is in run.go.
package starcircle
