package starcircle

import "fmt"

// startBoard is the start position's board (row H first: twelve Circles on
// rows H to F, twelve Stars on rows C to A) and the row values 10 to 80.
const startBoard = `0,C1,0,C1,0,C1,0,C1
C1,0,C1,0,C1,0,C1,0
0,C1,0,C1,0,C1,0,C1
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
S1,0,S1,0,S1,0,S1,0
0,S1,0,S1,0,S1,0,S1
S1,0,S1,0,S1,0,S1,0
10,20,30,40,50,60,70,80
`

// StartInput returns the homework input of the start position, Star to move,
// with the given algorithm word (MINIMAX or ALPHABETA) and depth limit. It is
// the speed workload of the conformance cases start_minimax8 and
// start_alphabeta10.
func StartInput(algorithm string, depth int) string {
	return fmt.Sprintf("Star\n%s\n%d\n%s", algorithm, depth, startBoard)
}
