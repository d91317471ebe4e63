package agent

import (
	"fmt"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/engine"
)

// BenchmarkAgentDepth is the agent's time to depth from each edition's start
// position: its engine options and evaluation, a cleared table, fixed depth
// (what -depth D does). It reports the nodes of the search and nodes per
// second.
func BenchmarkAgentDepth(b *testing.B) {
	for _, r := range []congo.Edition{congo.Edition2021, congo.Edition2022} {
		for _, d := range []int{6, 8, 10} {
			b.Run(fmt.Sprintf("%s/depth%d", r, d), func(b *testing.B) {
				p, _ := congo.ParseFEN(congo.StartFEN(r))
				e := engine.New[congo.Position, congo.Move](congo.NewEngineGame(r), EngineOptions())
				var nodes uint64
				for b.Loop() {
					e.Clear()
					nodes += e.Search(p, engine.Limits[congo.Move]{Depth: d}).Nodes
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
			})
		}
	}
}
