# CSCI-561 Spring 2018 - Homework 1: Star/Circle, MINIMAX and ALPHABETA.
# usage: python3 hw1.py   (reads input.txt, writes output.txt)
#
# A student-like program of gamesearch's mutant catalogue
# (testdata/check/mutants/README.md): correct as it stands; the environment
# variable MISTAKE switches on one classic mistake: jumpsfirst, rightfirst,
# tielast, strict, noroot, leaves, passend, nostack, depth, input1, debug.
import os

MISTAKE = os.environ.get('MISTAKE', '')
ROW_NAMES = 'HGFEDCBA'   # board[0] is row H, as in input.txt
INFINITY = float('inf')

node_count = 0


def read_input(name):
    f = open(name)
    lines = [line.strip() for line in f.readlines()]
    f.close()
    lines = [line for line in lines if line != '']
    player = lines[0]
    algorithm = lines[1]
    depth = int(lines[2])
    board = []
    for i in range(3, 11):
        board.append([cell.strip() for cell in lines[i].split(',')])
    values = [int(v) for v in lines[11].split(',')]
    return player, algorithm, depth, board, values


def owner(cell):
    if cell == '0':
        return None
    return cell[0]


def count(cell):
    if cell == '0':
        return 0
    return int(cell[1:])


def other(p):
    if p == 'S':
        return 'C'
    return 'S'


def last_row(p):
    # index in board: row H (index 0) for Star, row A (index 7) for Circle
    if p == 'S':
        return 0
    return 7


def can_land(board, p, i, j):
    if board[i][j] == '0':
        return True
    if MISTAKE == 'nostack':
        return False
    return owner(board[i][j]) == p and i == last_row(p)


def generate_moves(board, p):
    """List of (from_i, from_j, to_i, to_j, jumped) in the order the handout
    wants: upper rows first, then left first."""
    moves = []
    forward = -1 if p == 'S' else 1
    sides = [-1, 1]
    if MISTAKE == 'rightfirst':
        sides = [1, -1]
    for i in range(8):
        for j in range(8):
            if owner(board[i][j]) != p or i == last_row(p):
                continue
            steps = []
            jumps = []
            for dj in sides:
                si, sj = i + forward, j + dj
                if not (0 <= si < 8 and 0 <= sj < 8):
                    continue
                if can_land(board, p, si, sj):
                    steps.append((i, j, si, sj, None))
                elif owner(board[si][sj]) == other(p):
                    ji, jj = i + 2 * forward, j + 2 * dj
                    if 0 <= ji < 8 and 0 <= jj < 8 and can_land(board, p, ji, jj):
                        jumps.append((i, j, ji, jj, (si, sj)))
            if p == 'S' or MISTAKE == 'jumpsfirst':
                moves += jumps + steps
            else:
                moves += steps + jumps
    return moves


def make_move(board, move):
    new = [row[:] for row in board]
    fi, fj, ti, tj, jumped = move
    p = owner(new[fi][fj])
    n = count(new[fi][fj])
    new[fi][fj] = '0' if n == 1 else p + str(n - 1)
    new[ti][tj] = p + str(count(new[ti][tj]) + 1)
    if jumped is not None:
        new[jumped[0]][jumped[1]] = '0'
    return new


def evaluate(board, me, values):
    total = 0
    for i in range(8):
        for j in range(8):
            p = owner(board[i][j])
            if p is None:
                continue
            if p == 'S':
                w = values[7 - i]
            else:
                w = values[i]
            if p == me:
                total += count(board[i][j]) * w
            else:
                total -= count(board[i][j]) * w
    return total


def game_over(board, passes):
    stars = circles = 0
    for row in board:
        for cell in row:
            if owner(cell) == 'S':
                stars += 1
            elif owner(cell) == 'C':
                circles += 1
    if stars == 0 or circles == 0:
        return True
    if MISTAKE == 'passend':
        return passes >= 1
    return passes >= 2


def cutoff(board, depth, limit, passes):
    if MISTAKE == 'depth':
        return depth > limit or game_over(board, passes)
    return depth == limit or game_over(board, passes)


class Game:
    def __init__(self, me, values, limit, alphabeta):
        self.me = me
        self.values = values
        self.limit = limit
        self.alphabeta = alphabeta

    def children(self, board, p, passes):
        moves = generate_moves(board, p)
        if not moves:
            return [('pass', board, passes + 1)]
        return [(m, make_move(board, m), 0) for m in moves]

    def max_value(self, board, depth, passes, alpha, beta):
        global node_count
        if MISTAKE != 'leaves':
            node_count += 1
        if cutoff(board, depth, self.limit, passes):
            if MISTAKE == 'leaves':
                node_count += 1
            return evaluate(board, self.me, self.values)
        v = -INFINITY
        for move, child, child_passes in self.children(board, self.me, passes):
            v = max(v, self.min_value(child, depth + 1, child_passes, alpha, beta))
            if self.alphabeta:
                if v > beta or (v == beta and MISTAKE != 'strict'):
                    return v
                alpha = max(alpha, v)
        return v

    def min_value(self, board, depth, passes, alpha, beta):
        global node_count
        if MISTAKE != 'leaves':
            node_count += 1
        if cutoff(board, depth, self.limit, passes):
            if MISTAKE == 'leaves':
                node_count += 1
            return evaluate(board, self.me, self.values)
        v = INFINITY
        for move, child, child_passes in self.children(board, other(self.me), passes):
            v = min(v, self.max_value(child, depth + 1, child_passes, alpha, beta))
            if self.alphabeta:
                if v < alpha or (v == alpha and MISTAKE != 'strict'):
                    return v
                beta = min(beta, v)
        return v

    def decide(self, board):
        """The root: returns (move, farsighted value)."""
        global node_count
        if MISTAKE != 'leaves':
            node_count += 1
        best_move, best_value = None, -INFINITY
        alpha = -INFINITY
        for move, child, child_passes in self.children(board, self.me, 0):
            v = self.min_value(child, 1, child_passes, alpha, INFINITY)
            if v > best_value or (MISTAKE == 'tielast' and v == best_value):
                best_move, best_value = move, v
            if self.alphabeta:
                alpha = max(alpha, best_value)
        return best_move, best_value


def move_name(move):
    if move == 'pass':
        return 'pass'
    fi, fj, ti, tj, _ = move
    return '%s%d-%s%d' % (ROW_NAMES[fi], fj + 1, ROW_NAMES[ti], tj + 1)


def main():
    name = 'input.txt'
    if MISTAKE == 'input1':
        name = 'input1.txt'   # my own test file
    player, algorithm, depth, board, values = read_input(name)
    me = 'S' if player == 'Star' else 'C'
    game = Game(me, values, depth, algorithm == 'ALPHABETA')
    move, farsighted = game.decide(board)
    if move == 'pass':
        myopic = evaluate(board, me, values)
    else:
        myopic = evaluate(make_move(board, move), me, values)
    nodes = node_count
    if MISTAKE == 'noroot':
        nodes -= 1
    out = open('output.txt', 'w')
    if MISTAKE == 'debug':
        out.write('%s %s depth %d\n' % (player, algorithm, depth))
    out.write(move_name(move) + '\n' + str(myopic) + '\n' + str(farsighted) + '\n' + str(nodes))
    out.close()


if __name__ == '__main__':
    main()
