package pack

import (
	"fmt"
	"testing"
)

// BenchmarkZip zips 200 files of 4 KiB (about the size of a source tree).
func BenchmarkZip(b *testing.B) {
	a := NewArchive()
	data := make([]byte, 4096)
	const text = "package main // some source text\n"
	for i := range data {
		data[i] = text[i%len(text)]
	}
	for i := 0; i < 200; i++ {
		if err := a.Add(fmt.Sprintf("n/src/pkg%02d/file%03d.go", i%20, i), data, false); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(200 * 4096)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := a.Zip(); err != nil {
			b.Fatal(err)
		}
	}
}
