module github.com/gamesearch/gamesearch

go 1.26.8

require (
	github.com/chromedp/chromedp v0.23.0
	golang.org/x/sys v0.50.0
	gotest.tools/v3 v3.5.2
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
)
