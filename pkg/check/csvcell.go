package check

import "strings"

// csvSafe neutralises a CSV cell that a spreadsheet would read as a
// formula: a cell starting with '=', '+', '-', '@', a tab or a carriage
// return gets a leading single quote (OWASP's advice against CSV
// injection), so that a student's folder named =HYPERLINK(...) shows as
// text.
func csvSafe(cell string) string {
	if cell != "" && strings.IndexByte("=+-@\t\r", cell[0]) >= 0 {
		return "'" + cell
	}
	return cell
}

// csvSafeRows returns rows with every cell made csvSafe. The numbers of
// grade's and check -batch's rows are never negative, so only text
// changes.
func csvSafeRows(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = make([]string, len(r))
		for j, c := range r {
			out[i][j] = csvSafe(c)
		}
	}
	return out
}
