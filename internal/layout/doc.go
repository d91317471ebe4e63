// Package layout holds no code: its test enforces the repository's
// architecture (docs/architecture.md): what each layer may import, that no
// graded program links the arena or the tools, that every main lives under
// cmd/, that no source file grows past 600 lines, and that what the
// README's commands write into the repository is ignored by git.
package layout
