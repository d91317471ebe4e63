// Command morris_package builds the Morris-Variant submission zip; it is run
// by scripts/package_morris.sh: morris_package [-no-bin] [-cases FILE] NETID.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/morris/pack"
)

func main() {
	noBin := flag.Bool("no-bin", false, "leave the executables out of the archive")
	cases := flag.String("cases", "testdata/conformance/morris/cases.tsv", "conformance table whose inputs are the candidates")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: scripts/package_morris.sh NETID [-no-bin]")
		os.Exit(2)
	}
	netid := strings.ToLower(flag.Arg(0))
	if !pack.NetIDPattern.MatchString(netid) {
		fmt.Fprintf(os.Stderr, "package_morris: NETID %q: want 3 to 20 letters or digits\n", flag.Arg(0))
		os.Exit(2)
	}
	repo, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "package_morris:", err)
		os.Exit(1)
	}
	out := filepath.Join(repo, "dist", netid+".zip")
	err = pack.Build(pack.Config{Repo: repo, NetID: netid, NoBin: *noBin, Cases: *cases, Out: out, Log: os.Stderr})
	if err != nil {
		fmt.Fprintln(os.Stderr, "package_morris:", strings.ReplaceAll(err.Error(), "\n", " "))
		os.Exit(1)
	}
	fmt.Println("wrote", out)
}
