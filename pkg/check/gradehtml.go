package check

// The class summary of gamesearch grade: one self-contained HTML page
// (no script or style from elsewhere) with the scores table, sortable by
// any column, a histogram of the scores, the most common likely causes and
// a link to each student's report.

import (
	"bytes"
	"html/template"
	"sort"
	"strings"
)

// histBin is one bar of the score histogram.
type histBin struct {
	Label         string
	Count         int
	X, Y, H, Text int
}

// causeCount is a likely cause and how many students it names.
type causeCount struct {
	Cause string
	Count int
}

// gradePage renders index.html.
func gradePage(o *Options, rows []*gradeRow) ([]byte, error) {
	const barW, chartH = 36, 120
	bins := make([]histBin, 11)
	for i := range bins {
		bins[i].Label = itoa(i * 10)
		if i < 10 {
			bins[i].Label += "–" + itoa(i*10+9)
		}
	}
	causes := map[string]int{}
	passed := 0
	var sum float64
	for _, r := range rows {
		k := int(r.Score) / 10
		bins[min(k, 10)].Count++
		sum += r.Score
		if r.Total > 0 && r.Passed == r.Total {
			passed++
		}
		c := r.Cause
		if r.Build != "ok" {
			c = r.Build
			if i := strings.IndexByte(c, ':'); i > 0 {
				c = c[:i]
			}
		}
		if i := strings.Index(c, ": "); i > 0 && r.Build == "ok" {
			c = c[:i]
		}
		if c != "" {
			causes[c]++
		}
	}
	top := 1
	for _, b := range bins {
		top = max(top, b.Count)
	}
	for i := range bins {
		bins[i].H = bins[i].Count * chartH / top
		bins[i].X = 10 + i*(barW+6)
		bins[i].Y = 10 + chartH - bins[i].H
		bins[i].Text = bins[i].X + barW/2
	}
	var cc []causeCount
	for c, n := range causes {
		cc = append(cc, causeCount{c, n})
	}
	sort.Slice(cc, func(i, j int) bool {
		if cc[i].Count != cc[j].Count {
			return cc[i].Count > cc[j].Count
		}
		return cc[i].Cause < cc[j].Cause
	})
	if len(cc) > 8 {
		cc = cc[:8]
	}
	mean := 0.0
	if len(rows) > 0 {
		mean = sum / float64(len(rows))
	}
	data := map[string]any{
		"Program": o.Prog.Name, "Settings": settings(o), "Rows": rows, "Bins": bins, "Causes": cc,
		"Count": len(rows), "Passed": passed, "Mean": fmtScore(round2(mean)), "Width": 20 + 11*(barW+6), "BarW": barW,
		"ChartH": chartH + 40,
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// itoa formats a small number.
func itoa(n int) string { return fmtScore(float64(n)) }

var pageTemplate = template.Must(template.New("index").Funcs(template.FuncMap{"score": fmtScore}).Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Program}}: grades</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #1d2330; padding: 0 1em; }
h1 { font-size: 1.5em; margin-bottom: .2em; }
.sub { color: #5b6474; margin-top: 0; }
.cards { display: flex; gap: 1em; margin: 1.2em 0; flex-wrap: wrap; }
.card { border: 1px solid #d9dde5; border-radius: 8px; padding: .7em 1.1em; min-width: 9em; }
.card b { display: block; font-size: 1.6em; }
.row { display: flex; gap: 2.5em; flex-wrap: wrap; align-items: flex-start; }
table { border-collapse: collapse; width: 100%; margin-top: 1em; }
th, td { text-align: left; padding: .35em .6em; border-bottom: 1px solid #e6e9ef; vertical-align: top; }
th { cursor: pointer; user-select: none; background: #f4f6f9; position: sticky; top: 0; white-space: nowrap; }
th:after { content: " ↕"; color: #a0a7b4; font-size: .8em; }
td.num, th.num { text-align: right; }
tr.fail td.score { color: #b42318; font-weight: 600; }
tr.pass td.score { color: #067647; font-weight: 600; }
td.why { color: #5b6474; max-width: 34em; }
.bar { fill: #4f6bed; }
.axis { font-size: 11px; fill: #5b6474; }
ol { padding-left: 1.3em; }
</style>
</head>
<body>
<h1>{{.Program}}: {{.Count}} submissions</h1>
<p class="sub">gamesearch grade {{.Program}} {{.Settings}}</p>
<div class="cards">
<div class="card">passed every case<b>{{.Passed}} / {{.Count}}</b></div>
<div class="card">mean score<b>{{.Mean}}</b></div>
</div>
<div class="row">
<div>
<h2>Scores</h2>
<svg width="{{.Width}}" height="{{.ChartH}}" role="img" aria-label="histogram of the scores">
{{range .Bins}}<rect class="bar" x="{{.X}}" y="{{.Y}}" width="{{$.BarW}}" height="{{.H}}"><title>{{.Label}}: {{.Count}}</title></rect>
<text class="axis" x="{{.Text}}" y="{{.Y}}" dy="-3" text-anchor="middle">{{if .Count}}{{.Count}}{{end}}</text>
<text class="axis" x="{{.Text}}" y="145" text-anchor="middle">{{.Label}}</text>
{{end}}</svg>
</div>
<div>
<h2>Most common likely causes</h2>
{{if .Causes}}<ol>{{range .Causes}}<li>{{.Cause}} <b>({{.Count}})</b></li>{{end}}</ol>{{else}}<p>None: every submission passed.</p>{{end}}
</div>
</div>
<h2>Students</h2>
<table id="grades">
<thead><tr><th>student</th><th>language</th><th class="num">passed</th><th class="num">total</th><th class="num">score</th><th class="num">time (s)</th><th>likely cause or build</th><th>report</th></tr></thead>
<tbody>
{{range .Rows}}<tr class="{{if and .Total (eq .Passed .Total)}}pass{{else}}fail{{end}}">
<td>{{.Student}}</td><td>{{.Language}}</td><td class="num">{{.Passed}}</td><td class="num">{{.Total}}</td><td class="num score">{{score .Score}}</td><td class="num">{{printf "%.1f" .Seconds}}</td>
<td class="why">{{if ne .Build "ok"}}{{.Build}}{{else}}{{.Cause}}{{end}}</td>
<td><a href="{{.Folder}}/report.txt">report.txt</a> · <a href="{{.Folder}}/report.json">json</a></td></tr>
{{end}}</tbody>
</table>
<script>
document.querySelectorAll("#grades th").forEach(function (th, col) {
  var asc = true;
  th.addEventListener("click", function () {
    var body = document.querySelector("#grades tbody");
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[col].textContent, y = b.cells[col].textContent;
      var nx = parseFloat(x), ny = parseFloat(y);
      var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
      return asc ? c : -c;
    });
    asc = !asc;
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
</script>
</body>
</html>
`))
