package arena

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena/fsf"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
)

// Player is a MiniChess player of a match.
type Player = match.Player[GamePos, minichess.Move]

// ParsePlayer returns the player a spec names, for the match tool and the
// strength script:
//
//	baseline1 ... baseline4            the TA baselines
//	alphabeta[,nodes=N][,depth=N]      player_alphabeta
//	engine[,nodes=N][,depth=N][,time=D][,hash=MiB][,ply][,hand|tuned|fit|squares][,+feat][,-feat][,w.NAME=V]
//	                                   player_submission; +feat/-feat turn a
//	                                   technique of engine.Features on/off; ply
//	                                   tells it the ply count; hand, tuned,
//	                                   fit and squares start from
//	                                   minichess.HandEvalWeights,
//	                                   TunedEvalWeights, FSFEvalWeights and
//	                                   FSFSquaresEvalWeights (the default
//	                                   weights); w.NAME sets an
//	                                   evaluation weight (tempo, openline,
//	                                   center, edge, pawncenter, mob.K,
//	                                   zone.K, pawn.I, king.I, mat.K, limit)
//	fsf=PATH[,time=D][,nodes=N]        Fairy-Stockfish at PATH, a fresh process
//	                                   per move, "go movetime D" (default 1s)
//	                                   or "go nodes N"
//	exe=PATH[,timeout=D]               an external program run as
//	                                   "PATH state action" in a temporary
//	                                   directory (default timeout 10s)
//
// defNodes is the node budget of engine and alphabeta specs that give
// neither nodes nor depth.
func ParsePlayer(spec string, defNodes uint64) (Player, error) {
	parts := strings.Split(spec, ",")
	head := parts[0]
	opts := parts[1:]
	bad := func(format string, a ...any) (Player, error) {
		return nil, fmt.Errorf("player %q: %s", spec, fmt.Sprintf(format, a...))
	}
	var nodes uint64
	var depth int
	var moveTime time.Duration
	limits := func(o string) (bool, error) {
		var err error
		switch {
		case strings.HasPrefix(o, "nodes="):
			nodes, err = strconv.ParseUint(o[6:], 10, 64)
		case strings.HasPrefix(o, "depth="):
			depth, err = strconv.Atoi(o[6:])
			if err == nil && depth < 0 {
				err = fmt.Errorf("negative depth")
			}
		case strings.HasPrefix(o, "time="):
			moveTime, err = time.ParseDuration(o[5:])
			if err == nil && moveTime <= 0 {
				err = fmt.Errorf("not a positive duration")
			}
		default:
			return false, nil
		}
		return true, err
	}
	switch {
	case len(head) == 9 && strings.HasPrefix(head, "baseline") && head[8] >= '1' && head[8] <= '4':
		if len(opts) > 0 {
			return bad("baselines take no options")
		}
		return BaselinePlayer{Level: int(head[8] - '0')}, nil
	case head == "alphabeta":
		for _, o := range opts {
			if ok, err := limits(o); !ok || err != nil || moveTime != 0 {
				return bad("option %q: want nodes=N or depth=N", o)
			}
		}
		if nodes == 0 && depth == 0 {
			nodes = defNodes
		}
		return AlphaBetaPlayer{Nodes: nodes, Depth: depth}, nil
	case head == "engine":
		hash := 16
		o := submission.EngineOptions(hash)
		w := minichess.DefaultEvalWeights()
		knows := false
		for _, x := range opts {
			if ok, err := limits(x); ok {
				if err != nil {
					return bad("option %q: %v", x, err)
				}
				continue
			}
			switch {
			case x == "ply":
				knows = true
			case x == "hand":
				w = minichess.HandEvalWeights()
			case x == "tuned":
				w = minichess.TunedEvalWeights()
			case x == "fit":
				w = minichess.FSFEvalWeights()
			case x == "squares":
				w = minichess.FSFSquaresEvalWeights()
			case strings.HasPrefix(x, "hash="):
				v, err := strconv.Atoi(x[5:])
				if err != nil || v < 1 || v > submission.MaxHashMiB {
					return bad("option %q: not in 1..%d", x, submission.MaxHashMiB)
				}
				o.HashMiB = v
			case strings.HasPrefix(x, "+") || strings.HasPrefix(x, "-"):
				if err := o.SetFeature(x[1:], x[0] == '+'); err != nil {
					return bad("%v", err)
				}
			case strings.HasPrefix(x, "w."):
				if err := setWeight(&w, x[2:]); err != nil {
					return bad("option %q: %v", x, err)
				}
			default:
				return bad("unknown option %q", x)
			}
		}
		if nodes == 0 && depth == 0 && moveTime == 0 {
			nodes = defNodes
		}
		p := NewEnginePlayer(spec, &ProgramThinker{Engine: submission.NewEngine(o, w), KnowsPly: knows})
		p.Nodes, p.Depth, p.MoveTime = nodes, depth, moveTime
		return p, nil
	case strings.HasPrefix(head, "fsf="):
		e := fsf.Engine{Path: head[4:], MoveTime: time.Second}
		if e.Path == "" {
			return bad("no engine path")
		}
		for _, x := range opts {
			ok, err := limits(x)
			if !ok || err != nil || depth != 0 {
				return bad("option %q: want time=D or nodes=N", x)
			}
		}
		if moveTime > 0 {
			e.MoveTime = moveTime
		}
		e.Nodes = nodes
		e.Timeout = e.MoveTime + 60*time.Second
		return &FSFPlayer{Label: spec, Engine: e}, nil
	case strings.HasPrefix(head, "exe="):
		p := &ProgramPlayer{Label: spec, Argv: strings.Fields(head[4:]), Timeout: 10 * time.Second}
		if len(p.Argv) == 0 {
			return bad("no program")
		}
		for _, x := range opts {
			if !strings.HasPrefix(x, "timeout=") {
				return bad("unknown option %q", x)
			}
			d, err := time.ParseDuration(x[8:])
			if err != nil || d <= 0 {
				return bad("option %q: not a positive duration", x)
			}
			p.Timeout = d
		}
		return p, nil
	}
	return bad("unknown player (baseline1..4, alphabeta, engine, fsf=PATH or exe=PATH)")
}

// setWeight sets the evaluation weight "name=value".
func setWeight(w *minichess.EvalWeights, s string) error {
	name, val, ok := strings.Cut(s, "=")
	if !ok {
		return fmt.Errorf("want NAME=VALUE")
	}
	v64, err := strconv.ParseInt(val, 10, 32)
	if err != nil {
		return fmt.Errorf("bad value %q", val)
	}
	v := int32(v64)
	idx := func(prefix string, n int) (int, bool) {
		if !strings.HasPrefix(name, prefix) {
			return 0, false
		}
		i, err := strconv.Atoi(name[len(prefix):])
		return i, err == nil && i >= 0 && i < n
	}
	switch name {
	case "tempo":
		w.Tempo = v
		return nil
	case "openline":
		w.OpenLine = v
		return nil
	case "center":
		w.Center = v
		return nil
	case "edge":
		w.Edge = v
		return nil
	case "pawncenter":
		w.PawnCenter = v
		return nil
	case "limit":
		w.LimitPoint = v
		return nil
	}
	if i, ok := idx("mob.", 7); ok {
		w.Mobility[i] = v
		return nil
	}
	if i, ok := idx("zone.", 7); ok {
		w.KingZone[i] = v
		return nil
	}
	if i, ok := idx("pawn.", len(w.PawnRank)); ok {
		w.PawnRank[i] = v
		return nil
	}
	if i, ok := idx("king.", len(w.KingRank)); ok {
		w.KingRank[i] = v
		return nil
	}
	if i, ok := idx("mat.", 6); ok {
		w.Material[i] = v
		return nil
	}
	return fmt.Errorf("unknown weight %q", name)
}
