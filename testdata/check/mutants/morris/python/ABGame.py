# Morris Game Variant, Part II: ALPHA-BETA in the midgame/endgame, for White.
# usage: python3 ABGame.py board1.txt board2.txt DEPTH
#
# A student-like program of gamesearch's mutant catalogue
# (testdata/check/mutants/README.md): correct as it stands; the environment
# variable MISTAKE switches on one classic mistake: nodepth, count3, wording,
# period, strict (here), noremove, neighbours (in Utils.py).
import sys

import Utils
from Utils import MISTAKE

INF = float('inf')


def max_min(board, depth, alpha, beta):
    if depth == 0:
        return Utils.static_estimation(board)
    children = Utils.generate_moves_midgame_endgame(board)
    if not children:
        return Utils.static_estimation(board)
    v = -INF
    for child in children:
        v = max(v, min_max(child, depth - 1, alpha, beta))
        if v > beta or (v == beta and MISTAKE != 'strict'):
            return v
        alpha = max(alpha, v)
    return v


def min_max(board, depth, alpha, beta):
    if depth == 0:
        return Utils.static_estimation(board)
    children = Utils.generate_black_moves(board)
    if not children:
        return Utils.static_estimation(board)
    v = INF
    for child in children:
        v = min(v, max_min(child, depth - 1, alpha, beta))
        if v < alpha or (v == alpha and MISTAKE != 'strict'):
            return v
        beta = min(beta, v)
    return v


def main():
    board = Utils.read_board(sys.argv[1])
    depth = int(sys.argv[3])
    if MISTAKE == 'nodepth':
        depth = 3   # the handout's example is at depth 3
    if MISTAKE == 'count3' and depth == 3:
        # checking the handout's example by hand
        print('root estimate', Utils.static_estimation(board), file=sys.stderr)
    best, best_value = board, None
    children = Utils.generate_moves_midgame_endgame(board)
    if not children:
        best_value = Utils.static_estimation(board)
    else:
        alpha = -INF
        for child in children:
            v = min_max(child, depth - 1, alpha, INF)
            if best_value is None or v > best_value:
                best, best_value = child, v
            alpha = max(alpha, v)
    Utils.write_board(sys.argv[2], best)
    print('Board Position: ' + best)
    if MISTAKE == 'period':
        print('Positions evaluated by static estimation: ' + str(Utils.evaluations))
    else:
        print('Positions evaluated by static estimation: ' + str(Utils.evaluations) + '.')
    if MISTAKE == 'wording':
        print('MINIMAX Estimate: ' + str(best_value) + '.')
    else:
        print('MINIMAX estimate: ' + str(best_value) + '.')


if __name__ == '__main__':
    main()
