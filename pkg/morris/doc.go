// Package morris implements Prof. Schweitzer's Morris-Variant project (UT
// Dallas AI) as described in docs/morris.md: the six boards as data tables,
// the handout's move generators, closeMill, the two standard static
// estimators, an improved pair of estimators, the eight programs' runner, and
// a self-play match between estimators. Section numbers (§) below refer to
// docs/morris.md, which states the rules, formats and conventions for readers
// who have only the course handout.
//
// # Conventions
//
//   - Boards ([Board]) are built once from the line lists of §3: S22
//     (default, 22 letters), E21 (21), F18 (18), D23 (23), and B21 and U21
//     (21 letters, only with -board B21 or -board U21). Point i is bit i of
//     a uint32; a [Position] is two masks, one per colour. Adjacency lists
//     are ascending.
//   - Generators (§4) visit points in ascending index order by taking the
//     lowest set bit, so the order of children is the handout's. Black's
//     children are obtained by running the White generator with the colours
//     exchanged, which is the colour swap of §4.7.
//   - The search is [search.Searcher] of pkg/search with [CourseOptions]:
//     max/min form from White's view (RootPlayer), fail-soft alpha-beta with
//     non-strict cuts, a node without children is a counted leaf
//     (NoMovesLeaf), infinity 2^62, no enhancements. "Positions evaluated by
//     static estimation" is Stats.Evals. The Black programs search the colour
//     swap with White to move and swap the chosen board back (§6.7).
//   - Move generation, make-move (a child is a whole [Node]) and evaluation
//     do not allocate; the standard midgame estimator counts Black's moves
//     without building them.
//   - All file-system work is in run.go ([Program.Run]); the output file is
//     replaced atomically and only on success.
//
// # Improved estimators
//
// Both improved estimators score from White's view and use the side to move
// at the evaluated node (§7.2). Their features, in decreasing weight:
//
//   - piece difference, 1000 per piece: it dominates, as captures decide the
//     game;
//   - a threat bonus of 600 for the side to move when it can close a mill
//     at once (in the opening: it has an open two; in the midgame: one of its
//     legal moves closes a mill). At a leaf of an even-depth search the
//     standard estimators ignore the capture that is about to happen;
//   - 60 per open two (two own pieces and an empty third point on a mill
//     line), 40 per closed mill, for each side;
//   - midgame only, while a side slides (more than 3 pieces): 12 per legal
//     move (a mill-closing move counts once, whatever it removes), capped at
//     40 moves, and −25 per blocked piece, for both sides (the
//     standard estimator sees only Black's mobility);
//   - opening only: 4 per empty neighbour of an own piece and 6 per own piece
//     on a four-neighbour junction, so that the placements leave room to move
//     when the midgame starts.
//
// Decided midgame positions are worth ±[Decided] (1,000,000, plus the number
// of the winner's pieces): Black with 2 pieces or fewer, Black without a move
// (both sides with 3 or more), White with 2 pieces or fewer, and White
// without a move when White is to move. The weights were tuned with
// cmd/morris-selfplay; the measured match results are in the report built by
// scripts/package.sh morris (template docs/morris/REPORT.md.tmpl).
//
// # Tournament mode and matches
//
// The Improved programs take -movetime DURATION (§7.4: 20 s per move in
// the Spring 2023 tournament). They then play with the tournament engine of
// pkg/engine through [EngineGame], on a [State]: the
// board, the side to move and the pieces each side still has to place
// (inferred from the board by [InferState] unless -left N is given; -black
// moves for Black on the board as read). The opening program's search
// therefore crosses into the midgame when the placements run out, and the
// game-end rules apply inside the search: once all pieces are placed, the
// side to move loses with 2 pieces or fewer or without a move. The engine
// uses iterative deepening, a transposition table, PVS, aspiration windows,
// hash-move/MVV-LVA/killer/history ordering, and quiescence over
// mill-closing moves ([EngineGame.Noisy]); the options are [EngineOptions],
// measured in docs/engine/morris.md. The clock starts when Run starts; the
// search stops at the hard limit 0.85·DURATION − 10 ms (no new iteration
// after half of it; see [TimeLimits]), then the output file is written.
// The three lines are then: the chosen board; the static evaluations of all
// iterations ("Positions evaluated by static estimation"); and the value of
// the deepest completed iteration for the side that moves (the estimator's
// value, negated for Black, or ±(1,000,000,000 − n) for a win or loss
// found n plies ahead). An optional DEPTH caps the iterations. Without
// -movetime the programs are exactly the course programs.
//
// Package arena (pkg/morris/arena) connects the game to pkg/match: the
// rules of a complete game, the players, the self-play match and
// morris-strength.
package morris
