// Package arena plays Morris-Variant matches with package match, the one
// match harness: the rules of a complete game on one board, those of the
// self-play test (docs/morris.md §7.3), as a [match.Rules] ([MatchRules],
// positions [GameState]); the players: the course programs at a depth
// ([CoursePlayer]), the tournament programs ([NewEnginePlayer], a
// [match.EnginePlayer] of [ProgramThinker], morris.Think under the -movetime time
// policy) and external programs of the course's file protocol
// ([ProgramPlayer]), all named by a spec ([ParsePlayer]); the self-play match
// of the course's report ([SelfPlay]); and morris-strength ([Run]), a match
// between two specs. Its subpackage selfplay is morris-selfplay; the
// toolkit's "gamesearch match morris" uses its rules and players. No graded
// program imports it.
package arena
