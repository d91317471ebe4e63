// Package congo implements the rules of Congo as the Wits COMS3005A
// assignments (2021 and 2022 editions) define them: the board, FEN notation,
// move generation, making moves (with drowning and, under the 2022 rules,
// promotion), the simple and advanced evaluations, perft, and the adapter that
// lets package search run the course's minimax and alpha-beta on Congo.
//
// Conventions:
//
//   - Squares are numbered file-major: [Square] = file*7 + rank, with a1 = 0,
//     a7 = 6, b1 = 7 and g7 = 48. Ascending square order is therefore the
//     course's string order of square names, and ascending [Move] order is the
//     string order of move names, so move lists come out sorted.
//   - Bitboards are uint64 with bit s set for square s (49 bits used).
//   - One rule set serves both editions; [Edition] only switches promotion.
//   - The crocodile and the monkey are inert (no moves, value 0); the
//     crocodile never drowns.
//   - Move generation, making moves and evaluation do not allocate and do no
//     I/O; the programs live in package cli.
package congo
