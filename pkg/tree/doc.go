// Package tree is the textbook game tree as a game: a position is a tree
// written as nested lists of leaf values, "[[3,12,8],[2,4,6],[14,5,2]]"
// (Russell and Norvig's three-by-three example), the root's player MAX.
// Every exercise of a textbook or an exam can be typed, searched with the
// course's minimax and alpha-beta (pkg/search, max/min form, fail-soft,
// children in the order written) and checked.
//
// Names follow the textbook: inner nodes are named A, B, C ... in reading
// order, level by level (the root A); the move to a node's k-th child is
// the parent's name in lower case and k ("b1"). Programs: tree-minimax and
// tree-alphabeta ([Run]) read a tree on stdin and print its value, the
// best move, the leaves evaluated and the nodes entered.
package tree
