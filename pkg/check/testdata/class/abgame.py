# A student's ABGame in Python 3 (Morris-Variant, Spring 2023, 22-point
# board, midgame): python3 abgame.py INPUT OUTPUT DEPTH. Written for
# gamesearch's grade tests; a port of ../students/ABGame.java without its
# mistakes.
import sys

NEIGHBORS = [[1, 3, 19], [0, 2, 4], [1, 5, 12], [0, 4, 6, 8], [1, 3, 5], [2, 4, 7, 11], [3, 7, 9], [5, 6, 10],
             [3, 9, 16], [6, 8, 13], [7, 11, 15], [5, 10, 12, 18], [2, 11, 21], [9, 14, 16], [13, 15, 17],
             [10, 14, 18], [8, 13, 17, 19], [14, 16, 18, 20], [11, 15, 17, 21], [0, 16, 20], [17, 19, 21],
             [12, 18, 20]]
MILLS = [[0, 1, 2], [0, 3, 6], [2, 5, 7], [2, 12, 21], [3, 4, 5], [3, 8, 16], [5, 11, 18], [6, 9, 13],
         [7, 10, 15], [10, 11, 12], [13, 14, 15], [13, 16, 19], [14, 17, 20], [15, 18, 21], [16, 17, 18],
         [19, 20, 21]]
INF = float("inf")
evaluated = 0


def close_mill(j, b):
    c = b[j]
    if c == "x":
        return False
    return any(j in m and b[m[0]] == c and b[m[1]] == c and b[m[2]] == c for m in MILLS)


def generate_remove(b, out):
    added = False
    for i, c in enumerate(b):
        if c == "B" and not close_mill(i, b):
            out.append(b[:i] + "x" + b[i + 1:])
            added = True
    if not added:
        out.append(b)


def place(b, frm, to, out):
    t = list(b)
    t[frm], t[to] = "x", "W"
    t = "".join(t)
    if close_mill(to, t):
        generate_remove(t, out)
    else:
        out.append(t)


def white_moves(b):
    out = []
    white = b.count("W")
    for i, c in enumerate(b):
        if c != "W":
            continue
        targets = range(len(b)) if white == 3 else NEIGHBORS[i]
        for j in targets:
            if b[j] == "x":
                place(b, i, j, out)
    return out


def swap(b):
    return b.translate(str.maketrans("WB", "BW"))


def black_moves(b):
    return [swap(c) for c in white_moves(swap(b))]


def estimate(b):
    global evaluated
    evaluated += 1
    white, black = b.count("W"), b.count("B")
    moves = len(black_moves(b))
    if black <= 2:
        return 10000
    if white <= 2:
        return -10000
    if moves == 0:
        return 10000
    return 1000 * (white - black) - moves


def max_min(x, depth, alpha, beta):
    if depth == 0:
        return estimate(x)
    children = white_moves(x)
    if not children:
        return estimate(x)
    v = -INF
    for y in children:
        v = max(v, min_max(y, depth - 1, alpha, beta))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


def min_max(x, depth, alpha, beta):
    if depth == 0:
        return estimate(x)
    children = black_moves(x)
    if not children:
        return estimate(x)
    v = INF
    for y in children:
        v = min(v, max_min(y, depth - 1, alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def main():
    with open(sys.argv[1]) as f:
        board = f.read().strip()
    depth = int(sys.argv[3])
    children = white_moves(board)
    best, best_value = board, None
    if not children:
        best_value = estimate(board)
    else:
        best_value, alpha = -INF, -INF
        for y in children:
            v = min_max(y, depth - 1, alpha, INF)
            if v > best_value:
                best_value, best = v, y
            alpha = max(alpha, v)
    with open(sys.argv[2], "w") as f:
        f.write(best + "\n")
    print("Board Position: " + best)
    print("Positions evaluated by static estimation: %d." % evaluated)
    print("MINIMAX estimate: %d." % best_value)


if __name__ == "__main__":
    main()
