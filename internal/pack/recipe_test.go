package pack

import (
	"os"
	"path/filepath"
	"testing"

	"gotest.tools/v3/assert"
)

func TestZipPath(t *testing.T) {
	c := Config{Repo: "/r"}
	assert.Equal(t, c.ZipPath("congo", "abc"), filepath.Join("/r", "dist", "congo", "abc.zip"))
	c.Dist = "/d"
	assert.Equal(t, c.ZipPath("minichess", "minichess-linux-amd64"), filepath.Join("/d", "minichess", "minichess-linux-amd64.zip"))
}

func TestRender(t *testing.T) {
	repo := t.TempDir()
	assert.NilError(t, os.MkdirAll(filepath.Join(repo, "docs", "x"), 0o755))
	assert.NilError(t, os.WriteFile(filepath.Join(repo, "docs", "x", "t.md.tmpl"), []byte("a {{.One}} b {{range .List}}<{{.}}>{{end}} {{.One}}\n"), 0o644))
	got, err := Render(repo, "x/t.md.tmpl", struct {
		One  int
		List []string
	}{1, []string{"p", "q"}})
	assert.NilError(t, err)
	assert.Equal(t, string(got), "a 1 b <p><q> 1\n")
	_, err = Render(repo, "x/t.md.tmpl", map[string]any{"List": nil})
	assert.ErrorContains(t, err, `map has no entry for key "One"`)
	_, err = Render(repo, "x/t.md.tmpl", struct{ One int }{1})
	assert.ErrorContains(t, err, "can't evaluate field List")
	_, err = Render(repo, "x/none.tmpl", nil)
	assert.ErrorContains(t, err, "no such file")
}
