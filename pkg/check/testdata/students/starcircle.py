"""A student's Star/Circle homework (USC CSCI-561, HW1): reads input.txt,
writes output.txt. Written for gamesearch's autograder tests: the environment
variable MISTAKE turns on one classic mistake (tielast, strict, noroot,
passend, nostack); without it the program is correct."""
import os

MISTAKE = os.environ.get("MISTAKE", "")
ROWS = "ABCDEFGH"
INF = float("inf")


def read_input():
    with open("input.txt") as f:
        lines = [l.strip() for l in f if l.strip()]
    player = lines[0]
    algorithm = lines[1]
    depth = int(lines[2])
    board = {}
    for i in range(8):
        row = 7 - i
        for col, cell in enumerate(lines[3 + i].split(",")):
            cell = cell.strip()
            if cell != "0":
                board[(row, col)] = (cell[0], int(cell[1:]))
    values = [int(v) for v in lines[11].split(",")]
    return player, algorithm, depth, board, values


def other(p):
    return "C" if p == "S" else "S"


def last_row(p):
    return 7 if p == "S" else 0


def can_land(board, p, sq):
    if sq not in board:
        return True
    owner, _ = board[sq]
    return owner == p and sq[0] == last_row(p)


def moves(board, p):
    """Moves in expansion order: from square, then to square, upper rows
    first, left first."""
    out = []
    fwd = 1 if p == "S" else -1
    for (r, c) in sorted(board, key=lambda s: (-s[0], s[1])):
        owner, _ = board[(r, c)]
        if owner != p or r == last_row(p):
            continue
        targets = []
        for dc in (-1, 1):
            step = (r + fwd, c + dc)
            if not (0 <= step[0] < 8 and 0 <= step[1] < 8):
                continue
            if can_land(board, p, step) and not (MISTAKE == "nostack" and step in board):
                targets.append((step, None))
            elif step in board and board[step][0] != p:
                jump = (r + 2 * fwd, c + 2 * dc)
                if 0 <= jump[0] < 8 and 0 <= jump[1] < 8 and can_land(board, p, jump):
                    if not (MISTAKE == "nostack" and jump in board):
                        targets.append((jump, step))
        for to, jumped in sorted(targets, key=lambda t: (-t[0][0], t[0][1])):
            out.append(((r, c), to, jumped))
    return out


def play(board, p, move):
    b = dict(board)
    frm, to, jumped = move
    _, n = b[frm]
    if n == 1:
        del b[frm]
    else:
        b[frm] = (p, n - 1)
    if to in b:
        b[to] = (p, b[to][1] + 1)
    else:
        b[to] = (p, 1)
    if jumped is not None:
        del b[jumped]
    return b


def utility(board, me, values):
    total = 0
    for (r, c), (owner, n) in board.items():
        if owner == "S":
            w = values[r]
        else:
            w = values[7 - r]
        total += n * w if owner == me else -n * w
    return total


def name(move):
    if move is None:
        return "pass"
    (r1, c1), (r2, c2), _ = move
    return "%s%d-%s%d" % (ROWS[r1], c1 + 1, ROWS[r2], c2 + 1)


class Search:
    def __init__(self, me, values, alphabeta):
        self.me = me
        self.values = values
        self.alphabeta = alphabeta
        self.nodes = 0

    def terminal(self, board, passes):
        owners = {o for o, _ in board.values()}
        if len(owners) < 2:
            return True
        return passes >= (1 if MISTAKE == "passend" else 2)

    def value(self, board, p, depth, limit, passes, alpha, beta):
        self.nodes += 1
        if depth == limit or self.terminal(board, passes):
            return utility(board, self.me, self.values), None
        children = [(play(board, p, m), m, 0) for m in moves(board, p)]
        if not children:
            children = [(board, None, passes + 1)]
        maximize = p == self.me
        best, best_move = (-INF if maximize else INF), None
        for child, m, child_passes in children:
            v, _ = self.value(child, other(p), depth + 1, limit, child_passes, alpha, beta)
            if maximize:
                if v > best or (depth == 0 and MISTAKE == "tielast" and v == best):
                    best, best_move = v, m
                if self.alphabeta:
                    if best > beta or (best == beta and MISTAKE != "strict"):
                        return best, best_move
                    alpha = max(alpha, best)
            else:
                if v < best:
                    best, best_move = v, m
                if self.alphabeta:
                    if best < alpha or (best == alpha and MISTAKE != "strict"):
                        return best, best_move
                    beta = min(beta, best)
        return best, best_move


def main():
    player, algorithm, depth, board, values = read_input()
    me = player[0]
    s = Search(me, values, algorithm == "ALPHABETA")
    far, move = s.value(board, me, 0, depth, 0, -INF, INF)
    myopic = utility(play(board, me, move), me, values) if move else utility(board, me, values)
    nodes = s.nodes - 1 if MISTAKE == "noroot" else s.nodes
    with open("output.txt", "w") as f:
        f.write("%s\n%d\n%d\n%d" % (name(move), myopic, far, nodes))


main()
