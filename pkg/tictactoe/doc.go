// Package tictactoe implements tic-tac-toe (noughts and crosses) as the
// repository's worked example of a game (docs/architecture.md, "Adding a
// game"), and the graded-style program tictactoe-minimax: a board on stdin,
// the best move and the node count of a plain minimax on stdout.
// docs/tictactoe.md states the rules, the notation, the program's input and
// output and its search conventions.
//
// Conventions:
//
//   - The board has nine squares, numbered 1 to 9 in reading order: 1 2 3 on
//     the top row, 4 5 6 in the middle, 7 8 9 at the bottom. A [Move] is the
//     index 0..8 of its square (square number minus one) and is written as
//     the square number ("5"); a [Position] keeps each player's marks as a
//     9-bit set, bit i for square i+1.
//   - X moves first. A position is written as its nine cells in reading
//     order, "X", "O" or "." (empty), for example "X...O...." ([ParsePosition],
//     [Position.String]); the side to move follows from the counts: X when
//     both have as many marks, O when X has one more.
//   - Moves are generated in square order, 1 to 9. A position is terminal
//     when a player has three in a row (a row, a column or a diagonal) or
//     the board is full.
//   - The course search ([CourseGame], [CourseOptions]) is plain minimax in
//     negamax form: a finished game is worth +1 to the side to move when it
//     has three in a row, -1 when its opponent has, 0 otherwise (a draw, or
//     a depth-limit leaf). Every node entered is counted, the root and the
//     leaves included; among equally good root moves the first in square
//     order is kept. A quick win is worth no more than a slow one.
//   - The perft ([NewPerft]) stops at finished games: from the empty board
//     it counts 9, 72, 504, 3024, 15120, 54720, 148176, 200448 and 127872
//     positions at depths 1 to 9 (549946 nodes in all, the root included).
//
// Rules, notation and evaluation do no I/O; the program is in run.go.
package tictactoe
