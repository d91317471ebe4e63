package check_test

import (
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/games"
)

// The registry's families, for the tests of package check: an internal
// test cannot import the registry, whose games import check.
func init() { check.UseFamilies(games.CheckFamilies()) }
