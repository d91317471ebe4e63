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
	"runtime/debug"
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
default and prints the URL; with -addr :PORT or 0.0.0.0:PORT it says that it listens on
every interface. It answers only requests whose Host names a loopback address or the
-addr's host (on every interface: one of the machine's addresses). PAGE (such as
"/search?program=ABGame&depth=3&input=...", the line gamesearch check prints for a
failing case) is added to the URL, and -open opens it in the browser. It serves until
interrupted.`

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
	cfg := explorer.DefaultConfig()
	url, every := serveURL(ln.Addr(), page)
	if every {
		cfg.Hosts = localAddrs()
		fmt.Fprintf(stdout, "gamesearch serve: listening on %s, every interface; %s (Ctrl-C stops)\n", ln.Addr(), url)
	} else {
		host, _, _ := net.SplitHostPort(*addr)
		cfg.Hosts = []string{host}
		fmt.Fprintf(stdout, "gamesearch serve: %s (Ctrl-C stops)\n", url)
	}
	if *open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(stderr, "gamesearch serve: cannot open a browser: %v\n", err)
		}
	}
	debug.SetMemoryLimit(cfg.MemoryLimit())
	srv := &http.Server{Handler: explorer.NewServer(games.Explorers(), cfg), ReadHeaderTimeout: 10 * time.Second,
		MaxHeaderBytes: 256 << 10, IdleTimeout: time.Minute}
	err = srv.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// serveURL returns the URL of page on the listener's address a, and
// whether a is every interface's (":8080", "0.0.0.0:0"), whose URL names
// 127.0.0.1.
func serveURL(a net.Addr, page string) (string, bool) {
	host := a.String()
	h, p, err := net.SplitHostPort(host)
	every := err == nil && net.ParseIP(h) != nil && net.ParseIP(h).IsUnspecified()
	if every {
		host = net.JoinHostPort("127.0.0.1", p)
	}
	return "http://" + host + page, every
}

// localAddrs returns the addresses of the machine's interfaces, the hosts
// a server listening on every interface answers.
func localAddrs() []string {
	addrs, _ := net.InterfaceAddrs()
	var out []string
	for _, a := range addrs {
		if ip, _, err := net.ParseCIDR(a.String()); err == nil {
			out = append(out, ip.String())
		}
	}
	return out
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
