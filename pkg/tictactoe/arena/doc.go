// Package arena plays tic-tac-toe matches with package match, the one match
// harness: the rules of a complete game (docs/tictactoe.md: three in a row
// wins, a full board is a draw) as a [match.Rules] ([MatchRules], whose
// match positions are the game's own [tictactoe.Position]s), the openings
// ([MatchRules.Openings]) and the players, match's own over tic-tac-toe:
// the course's minimax or alpha-beta ([NewCoursePlayer]), the tournament
// engine ([NewEnginePlayer]) and any program of tictactoe-minimax's
// protocol, a board on stdin and the move on the first line of stdout
// ([NewProgramPlayer]).
//
// Layers: arena sits above package tictactoe and beside package match. No
// graded program imports it.
package arena
