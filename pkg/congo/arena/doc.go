// Package arena plays Congo matches with package match, the one match
// harness: the game-end rules of the acceptance match of congo-agent
// (docs/congo.md, "The tournament agent") as a [match.Rules] ([MatchRules]), its
// fixed openings ([Openings]), and the players: the course searches
// ([CoursePlayer]: Part 4's minimax, Part 5's alpha-beta, the course
// baseline), the tournament engine at a fixed node budget
// ([NewEnginePlayer]), and the one client of the congo-agent protocol
// ([ProgramPlayer]), which plays a congo-agent program or an agent running
// in-process. Its subpackages are the tools built on it: strength
// (congo-strength: the acceptance match and the self-play matches) and
// roundrobin (congo-roundrobin: the Part 6 round robin); the toolkit's
// "gamesearch match congo" uses its rules and players.
//
// Layers: arena sits above the packages of the graded programs (congo,
// agent, baseline) and beside package match; it starts programs (os/exec).
// No graded program (cmd/congo-agent, cmd/congo-baseline and the other
// Part 1 to 5 programs) may import it or its subpackages; tools may
// (cmd/congo-strength, cmd/congo-roundrobin, the toolkit).
package arena
