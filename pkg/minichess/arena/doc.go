// Package arena plays MiniChess matches with package match, the one match
// harness: the runner's rules of a game (docs/minichess.md, "Game flow and
// results") as a [match.Rules] ([MatchRules], positions [GamePos]), the
// openings, and the players: the TA baselines ([BaselinePlayer]),
// player_alphabeta ([AlphaBetaPlayer]), player_submission in-process
// ([NewEnginePlayer], a [match.EnginePlayer] of [ProgramThinker]) and any program
// of the file protocol ([ProgramPlayer]), all named by a spec
// ([ParsePlayer]). minichess-match ([Run]) plays the strength harness's
// matches. Its subpackages are fsf (Fairy-Stockfish as a player) and tune
// (the evaluation tuner); the toolkit's "gamesearch match minichess" and the
// report generator use its players. No graded program imports it.
package arena
