package toolkit

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/games"
)

// serveUsage is the serve subcommand's usage line.
const serveUsage = "serve [-addr HOST:PORT] [-open] [PAGE]"

// serveAbout explains the explorer.
const serveAbout = `Serves the search explorer (package explorer, docs/explorer.md): the Position
page (a game, a course program and a position in the course's notation, or set up
by clicking), the Search page (the program's exact output and its search tree, collapsed
around the principal variation, with a step-by-step alpha-beta replay) and the Play page
(a board against the tournament engine or a course search). It binds 127.0.0.1:8080 by
default and prints the URL; PAGE (such as "/search?program=ABGame&depth=3&input=...",
the line gamesearch check prints for a failing case) is added to it, and -open opens it
in the browser. It serves until interrupted.`

// runServe is the serve subcommand.
func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on (HOST:PORT; port 0 picks a free one)")
	open := fs.Bool("open", false, "open the page in the browser")
	pos, err := parseArgs(fs, args, stdout, serveUsage, serveAbout)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return fmt.Errorf("unexpected argument %q (usage: gamesearch %s)", pos[1], serveUsage)
	}
	page := "/"
	if len(pos) == 1 {
		page = pos[0]
		if i := strings.Index(page, "://"); i >= 0 {
			if j := strings.IndexByte(page[i+3:], '/'); j >= 0 {
				page = page[i+3+j:]
			}
		}
		if !strings.HasPrefix(page, "/") {
			page = "/" + page
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("-addr %s: %v", *addr, err)
	}
	host := ln.Addr().String()
	if h, p, err := net.SplitHostPort(host); err == nil && (h == "::" || h == "0.0.0.0") {
		host = net.JoinHostPort("127.0.0.1", p)
	}
	url := "http://" + host + page
	fmt.Fprintf(stdout, "gamesearch serve: %s (Ctrl-C stops)\n", url)
	if *open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(stderr, "gamesearch serve: cannot open a browser: %v\n", err)
		}
	}
	srv := &http.Server{Handler: explorer.NewServer(games.Explorers(), explorer.Config{}), ReadHeaderTimeout: 10 * time.Second,
		MaxHeaderBytes: 256 << 10, IdleTimeout: time.Minute}
	err = srv.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// openBrowser starts the system's browser on url.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}
