// Package arena plays tic-tac-toe matches with package match, the one match
// harness: the rules of a complete game (docs/tictactoe.md: three in a row
// wins, a full board is a draw) as a [match.Rules] ([MatchRules], whose
// match positions are the game's own [tictactoe.Position]s), the openings
// ([MatchRules.Openings]) and the players: the course's plain minimax
// ([CoursePlayer]), the tournament engine ([NewEnginePlayer], through
// match.NewEnginePlayer) and any program of tictactoe-minimax's protocol,
// a board on stdin and the move on the first line of stdout
// ([ProgramPlayer]).
//
// Layers: arena sits above package tictactoe and beside package match; it
// starts programs (os/exec). No graded program imports it.
package arena
