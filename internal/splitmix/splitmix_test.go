package splitmix

import (
	"testing"

	"gotest.tools/v3/assert"
)

// TestSequence: the first outputs from seed 0 are splitmix64's published
// reference values.
func TestSequence(t *testing.T) {
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	r := New(0)
	for _, w := range want {
		assert.Equal(t, r.Uint64(), w)
	}
	assert.Equal(t, New(7).Intn(10), int(New(7).Uint64()%10))
	assert.Equal(t, Mix(0), uint64(0))
}
