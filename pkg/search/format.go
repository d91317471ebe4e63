package search

import (
	"strconv"
	"strings"
)

// FormatValue returns v, in units of 10^-scale, as the shortest decimal that
// denotes it: "160", "-0.5", "12.25" (scale 0 gives the integer). Star/Circle
// values with decimals are searched as such integers (docs/starcircle.md,
// "Output").
func FormatValue(v Value, scale int) string {
	s := strconv.FormatInt(v, 10)
	if scale <= 0 || v == 0 {
		return s
	}
	neg := v < 0
	if neg {
		s = s[1:]
	}
	if len(s) <= scale {
		s = strings.Repeat("0", scale-len(s)+1) + s
	}
	whole, frac := s[:len(s)-scale], strings.TrimRight(s[len(s)-scale:], "0")
	if frac != "" {
		whole += "." + frac
	}
	if neg {
		whole = "-" + whole
	}
	return whole
}

// FormatBound is [FormatValue], except that a value at or beyond the
// search's infinity inf ([DefaultInf] when inf is 0) is "+inf" or "-inf":
// the values, alphas and betas of a recorded search as its views show them.
func FormatBound(v, inf Value, scale int) string {
	if inf == 0 {
		inf = DefaultInf
	}
	switch {
	case v >= inf:
		return "+inf"
	case v <= -inf:
		return "-inf"
	}
	return FormatValue(v, scale)
}
