package minichess

const (
	drawTop    = "┌────┬────┬────┬────┬────┬─┬───┐\n"
	drawSep    = "├────┼────┼────┼────┼────┼─┼───┤\n"
	drawFiles  = "│  A │  B │  C │  D │  E │ │   │\n"
	drawBottom = "└────┴────┴────┴────┴────┴─┴───┘\n"
	labels     = "  PRnBQK"
)

// AppendDrawing appends the runner's 16-line board drawing of p
// (docs/minichess.md, "The runner") to dst: a cell shows the white piece if
// the white layer is non-zero, else the black piece ("wP", "bn", ...), else
// two spaces.
func (p *Position) AppendDrawing(dst []byte) []byte {
	dst = append(dst, drawTop...)
	for r := range Rows {
		for c := range Cols {
			dst = append(dst, "│ "...)
			if k := p.Board[White][r][c]; k != Empty && k <= King {
				dst = append(dst, 'w', labels[k+1])
			} else if k := p.Board[Black][r][c]; k != Empty && k <= King {
				dst = append(dst, 'b', labels[k+1])
			} else {
				dst = append(dst, ' ', ' ')
			}
			dst = append(dst, ' ')
		}
		dst = append(dst, "│ │ "...)
		dst = append(dst, "654321"[r])
		dst = append(dst, " │\n"...)
		dst = append(dst, drawSep...)
	}
	dst = append(dst, drawSep...)
	dst = append(dst, drawFiles...)
	return append(dst, drawBottom...)
}
