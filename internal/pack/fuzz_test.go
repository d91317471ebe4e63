package pack

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzUnzip feeds arbitrary bytes, and zips with arbitrary entry names, to
// Unzip: it must never panic, and must never write outside its directory.
func FuzzUnzip(f *testing.F) {
	mk := func(names ...string) []byte {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, n := range names {
			w, err := zw.Create(n)
			if err != nil {
				f.Fatal(err)
			}
			w.Write([]byte("x"))
		}
		zw.Close()
		return buf.Bytes()
	}
	f.Add(mk("a/b.txt", "a/c/"), "")
	f.Add(mk("../evil"), "")
	f.Add([]byte("PK\x03\x04"), "")
	f.Add([]byte{}, "x/../../y")
	f.Add(mk("a", "a/b"), "/abs")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		if name != "" {
			var buf bytes.Buffer
			zw := zip.NewWriter(&buf)
			if w, err := zw.Create(name); err == nil {
				w.Write(data)
			}
			zw.Close()
			data = buf.Bytes()
		}
		root := t.TempDir()
		dir := filepath.Join(root, "in")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		Unzip(data, dir)
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && p != root && p != dir && !strings.HasPrefix(p, dir+string(filepath.Separator)) {
				t.Fatalf("Unzip wrote %s outside %s", p, dir)
			}
			return nil
		})
	})
}

// FuzzAdd checks that every name Add accepts survives Zip and Unzip
// unchanged, and that Add never panics.
func FuzzAdd(f *testing.F) {
	for _, s := range []string{"a/b", "../x", "a//b", "/x", "a/./b", "ü/ß.txt", "a\\b", ".", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		a := NewArchive()
		if err := a.Add(name, []byte("data"), false); err != nil {
			return
		}
		z, err := a.Zip()
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
		if err != nil || len(zr.File) != 1 || zr.File[0].Name != name {
			t.Fatalf("%q: zip round trip: %v", name, err)
		}
	})
}
