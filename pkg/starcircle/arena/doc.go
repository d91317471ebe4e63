// Package arena plays Star/Circle matches with package match, the one match
// harness: the rules of a complete game (docs/starcircle.md, "End of the
// game": a side without pieces or two passes in a row end it, the sign of
// the utility decides it; a ply cap as a safeguard) as a [match.Rules]
// ([MatchRules], positions [GamePos]), the openings ([Start],
// [MatchRules.Openings]), and the players: the homework's MINIMAX and
// ALPHABETA at a fixed depth ([CoursePlayer]), the tournament engine
// ([NewEnginePlayer], a [match.EnginePlayer] of a [match.EngineThinker]) and
// any program of the homework's file protocol, input.txt in and output.txt
// out ([NewProgramPlayer], package match's [match.ProgramPlayer]). The toolkit's "gamesearch match starcircle" uses
// its rules and players.
//
// Layers: arena sits above package starcircle and beside package match; it
// starts programs (os/exec). No graded program imports it.
package arena
