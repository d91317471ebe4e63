// Package pack builds the submission archives of gamesearch (issue 7).
// DOC PLACEHOLDER
package pack
