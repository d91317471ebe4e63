// Command starcircle answers the Star/Circle homework (USC CSCI-561, Spring
// 2018 HW1): it reads input.txt and writes output.txt in the current
// directory, or the files named by -i and -o. See pkg/starcircle.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

func main() {
	os.Exit(starcircle.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
