module github.com/gamesearch/gamesearch

go 1.26.8

require gotest.tools/v3 v3.5.2

require github.com/google/go-cmp v0.7.0 // indirect
