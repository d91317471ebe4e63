# Morris Game Variant (UT Dallas, CS 6364, Spring 2023 board: 22 points).
# Shared helpers of ABGame.py and MiniMaxGame.py: the board tables, move
# generation, the static estimation and its counter.
#
# A student-like program of gamesearch's mutant catalogue
# (testdata/check/mutants/README.md): correct as it stands; the environment
# variable MISTAKE switches on one classic mistake (noremove, neighbours and
# nomobility here; the others are in the programs).
import os

MISTAKE = os.environ.get('MISTAKE', '')

# neighbours of each point, in ascending order
NEIGHBORS = [
    [1, 3, 19], [0, 2, 4], [1, 5, 12], [0, 4, 6, 8], [1, 3, 5], [2, 4, 7, 11],
    [3, 7, 9], [5, 6, 10], [3, 9, 16], [6, 8, 13], [7, 11, 15], [5, 10, 12, 18],
    [2, 11, 21], [9, 14, 16], [13, 15, 17], [10, 14, 18], [8, 13, 17, 19],
    [14, 16, 18, 20], [11, 15, 17, 21], [0, 16, 20], [17, 19, 21], [12, 18, 20],
]
if MISTAKE == 'neighbours':
    # written down the list from the drawing, going round the other way
    NEIGHBORS = [list(reversed(n)) for n in NEIGHBORS]

# for each point, the pairs of points that make a mill with it
MILLS = [
    [(1, 2), (3, 6)], [(0, 2)], [(0, 1), (5, 7), (12, 21)], [(0, 6), (4, 5), (8, 16)],
    [(3, 5)], [(2, 7), (3, 4), (11, 18)], [(0, 3), (9, 13)], [(2, 5), (10, 15)],
    [(3, 16)], [(6, 13)], [(7, 15), (11, 12)], [(5, 18), (10, 12)],
    [(2, 21), (10, 11)], [(6, 9), (14, 15), (16, 19)], [(13, 15), (17, 20)],
    [(7, 10), (13, 14), (18, 21)], [(3, 8), (13, 19), (17, 18)], [(14, 20), (16, 18)],
    [(5, 11), (15, 21), (16, 17)], [(13, 16), (20, 21)], [(14, 17), (19, 21)],
    [(2, 12), (15, 18), (19, 20)],
]

SWAP = str.maketrans('WB', 'BW')

evaluations = 0


def read_board(name):
    with open(name) as f:
        return f.read().strip()


def write_board(name, board):
    with open(name, 'w') as f:
        f.write(board + '\n')


def put(board, i, c):
    return board[:i] + c + board[i + 1:]


def close_mill(j, b):
    c = b[j]
    if c == 'x':
        return False
    for u, v in MILLS[j]:
        if b[u] == c and b[v] == c:
            return True
    return False


def generate_remove(b, L):
    added = False
    for i in range(len(b)):
        if b[i] == 'B' and not close_mill(i, b):
            L.append(put(b, i, 'x'))
            added = True
    if not added and MISTAKE != 'noremove':
        L.append(b)


def generate_move(b):
    L = []
    for i in range(len(b)):
        if b[i] != 'W':
            continue
        for j in NEIGHBORS[i]:
            if b[j] == 'x':
                nb = put(put(b, i, 'x'), j, 'W')
                if close_mill(j, nb):
                    generate_remove(nb, L)
                else:
                    L.append(nb)
    return L


def generate_hopping(b):
    L = []
    for a in range(len(b)):
        if b[a] != 'W':
            continue
        for c in range(len(b)):
            if b[c] == 'x':
                nb = put(put(b, a, 'x'), c, 'W')
                if close_mill(c, nb):
                    generate_remove(nb, L)
                else:
                    L.append(nb)
    return L


def generate_moves_midgame_endgame(b):
    if b.count('W') == 3:
        return generate_hopping(b)
    return generate_move(b)


def swap(b):
    return b.translate(SWAP)


def generate_black_moves(b):
    return [swap(x) for x in generate_moves_midgame_endgame(swap(b))]


def count_moves(b):
    """len(generate_moves_midgame_endgame(b)), without making the boards.

    Moving a white piece leaves every black mill as it was, so a move that
    closes a mill counts the black pieces outside mills on b (or the one
    board that removes nothing)."""
    removable = 0
    for k in range(len(b)):
        if b[k] == 'B' and not close_mill(k, b):
            removable += 1
    if removable == 0:
        removable = 0 if MISTAKE == 'noremove' else 1
    hopping = b.count('W') == 3
    n = 0
    for i in range(len(b)):
        if b[i] != 'W':
            continue
        for j in (range(len(b)) if hopping else NEIGHBORS[i]):
            if b[j] != 'x':
                continue
            mill = False
            for u, v in MILLS[j]:
                if u != i and v != i and b[u] == 'W' and b[v] == 'W':
                    mill = True
                    break
            n += removable if mill else 1
    return n


def static_estimation(b):
    global evaluations
    evaluations += 1
    num_white = b.count('W')
    num_black = b.count('B')
    num_black_moves = count_moves(swap(b))
    if num_black <= 2:
        return 10000
    if num_white <= 2:
        return -10000
    if num_black_moves == 0:
        return 10000
    if MISTAKE == 'nomobility':
        return 1000 * (num_white - num_black)
    return 1000 * (num_white - num_black) - num_black_moves
