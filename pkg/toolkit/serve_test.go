package toolkit

import (
	"bytes"
	"net"
	"strings"
	"testing"

	"gotest.tools/v3/assert"
)

// TestServeBadUsage: serve's help, and one stderr line with status 2 for a
// bad address or a second page.
func TestServeBadUsage(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	assert.Equal(t, Run([]string{"serve", "-h"}, nil, &out, &errOut), 0)
	assert.Assert(t, strings.HasPrefix(out.String(), "usage: gamesearch serve"), out.String())
	for _, args := range [][]string{{"serve", "-addr", "nonsense"}, {"serve", "/a", "/b"}, {"serve", "-port", "1"}} {
		out.Reset()
		errOut.Reset()
		assert.Equal(t, Run(args, nil, &out, &errOut), 2, "%v", args)
		assert.Equal(t, strings.Count(errOut.String(), "\n"), 1, errOut.String())
		assert.Assert(t, strings.HasPrefix(errOut.String(), "gamesearch serve: "), errOut.String())
	}
}

// TestServeURL: the URL printed names the address really listened on;
// on every interface (-addr :0) it says so and names 127.0.0.1.
func TestServeURL(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		addr  string
		every bool
	}{{"127.0.0.1:0", false}, {":0", true}, {"0.0.0.0:0", true}, {"localhost:0", false}} {
		ln, err := net.Listen("tcp", c.addr)
		if err != nil {
			t.Logf("%s: %v", c.addr, err)
			continue
		}
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		url, every := serveURL(ln.Addr(), "/play")
		ln.Close()
		assert.Equal(t, every, c.every, c.addr)
		host := ln.Addr().String()
		if c.every {
			host = "127.0.0.1:" + port
		}
		assert.Equal(t, url, "http://"+host+"/play", c.addr)
		assert.Assert(t, port != "0", c.addr)
	}
}
