# COMS3005A Congo - Part 4.2 (2022 edition): minimax search.
# usage: python3 minimax.py < input   (N, then N FEN strings; prints the
# depth-2 minimax value with the material evaluation for each)
#
# A student-like program of gamesearch's mutant catalogue
# (testdata/check/mutants/README.md): correct as it stands; the environment
# variable MISTAKE switches on one classic mistake: debug, blacksign, depth,
# rules2021, crash, stop.
import os
import sys

MISTAKE = os.environ.get('MISTAKE', '')

VALUES = {'P': 100, 'Z': 300, 'S': 350, 'G': 400}
# signed values by letter, 0 for the pieces without a value
SIGNED = {}
for _k in 'PZGLSCME':
    SIGNED[_k] = VALUES.get(_k, 0)
    SIGNED[_k.lower()] = -VALUES.get(_k, 0)
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
AROUND = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
PIECES = set('PZGLSpzglsCcMmEe')
if MISTAKE == 'stop':
    PIECES = set('PZGLpzglCcMmEe')   # (superpawns came later)


class Position:
    def __init__(self, board, white, number):
        self.board = board      # board[rank][file], rank 0 is rank 1, None if empty
        self.white = white      # white to move?
        self.number = number


def parse_fen(fen):
    placement, side, number = fen.split()
    board = [[None] * 7 for _ in range(7)]
    for i, row in enumerate(placement.split('/')):
        rank = 6 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch in PIECES:
                board[rank][f] = ch
                f += 1
            else:
                raise ValueError('bad piece ' + ch)
    return Position(board, side == 'w', int(number))


def is_mine(piece, white):
    return piece is not None and piece.isupper() == white


def is_enemy(piece, white):
    return piece is not None and piece.isupper() != white


def in_castle(f, r, white):
    if white:
        return 2 <= f <= 4 and 0 <= r <= 2
    return 2 <= f <= 4 and 4 <= r <= 6


def on_board(f, r):
    return 0 <= f < 7 and 0 <= r < 7


# The squares a piece on (f, r) can step to, worked out once:
# ZEBRA[r][f], LION[white][r][f] (inside its castle) and FORWARD[white][r][f]
# (a pawn's three forward squares), each in the order the rules list them.
ZEBRA = [[[(f + df, r + dr) for df, dr in KNIGHT if on_board(f + df, r + dr)]
          for f in range(7)] for r in range(7)]
LION = {w: [[[(f + df, r + dr) for df, dr in AROUND if in_castle(f + df, r + dr, w)]
             for f in range(7)] for r in range(7)] for w in (True, False)}
FORWARD = {w: [[[(f + df, r + (1 if w else -1)) for df in (-1, 0, 1) if on_board(f + df, r + (1 if w else -1))]
                for f in range(7)] for r in range(7)] for w in (True, False)}


def get_moves(pos):
    """All moves (f, r, f2, r2) of the side to move."""
    board, white = pos.board, pos.white
    fwd = 1 if white else -1
    moves = []

    # (the board and colour tests written out: this runs for every node)
    def add(f, r, f2, r2, can_capture=True):
        if 0 <= f2 < 7 and 0 <= r2 < 7:
            t = board[r2][f2]
            if t is None or (can_capture and t.isupper() != white):
                moves.append((f, r, f2, r2))

    for r in range(7):
        row = board[r]
        for f in range(7):
            p = row[f]
            if p is None or p.isupper() != white:
                continue
            kind = p.upper()
            if kind == 'L':
                for f2, r2 in LION[white][r][f]:
                    t = board[r2][f2]
                    if t is None or t.isupper() != white:
                        moves.append((f, r, f2, r2))
                # flying capture straight or diagonally forward
                for df in (-1, 0, 1):
                    f2, r2 = f + df, r + fwd
                    while on_board(f2, r2) and board[r2][f2] is None:
                        f2 += df
                        r2 += fwd
                    if on_board(f2, r2) and board[r2][f2] == ('l' if white else 'L'):
                        if (f, r, f2, r2) not in moves:
                            moves.append((f, r, f2, r2))
            elif kind == 'Z':
                for f2, r2 in ZEBRA[r][f]:
                    t = board[r2][f2]
                    if t is None or t.isupper() != white:
                        moves.append((f, r, f2, r2))
            elif kind == 'G':
                for df, dr in AROUND:
                    add(f, r, f + df, r + dr, False)
                    if MISTAKE == 'crash':
                        f2, r2 = f + 2 * df, r + 2 * dr
                        if f2 >= 0 and r2 >= 0:   # negative indexes wrap around in Python
                            t = board[r2][f2]
                            if t is None or is_enemy(t, white):
                                moves.append((f, r, f2, r2))
                    else:
                        add(f, r, f + 2 * df, r + 2 * dr)
            elif kind == 'P' or kind == 'S':
                for f2, r2 in FORWARD[white][r][f]:
                    t = board[r2][f2]
                    if t is None or t.isupper() != white:
                        moves.append((f, r, f2, r2))
                if kind == 'S':
                    add(f, r, f - 1, r)
                    add(f, r, f + 1, r)
                    back = (-1, 0, 1)
                elif (white and r >= 4) or (not white and r <= 2):
                    back = (0,)
                else:
                    back = ()
                for df in back:
                    for k in (1, 2):
                        f2, r2 = f + k * df, r - k * fwd
                        if not on_board(f2, r2) or board[r2][f2] is not None:
                            break
                        moves.append((f, r, f2, r2))
    return moves


def make_move(pos, move):
    f, r, f2, r2 = move
    white = pos.white
    board = [row[:] for row in pos.board]
    river = [fi for fi in range(7) if is_mine(board[3][fi], white) and board[3][fi].upper() != 'C']
    piece = board[r][f]
    board[r][f] = None
    if piece.upper() == 'P' and r2 == (6 if white else 0) and MISTAKE != 'rules2021':
        piece = 'S' if white else 's'
    board[r2][f2] = piece
    for fi in river:
        if r == 3 and fi == f:
            if r2 == 3:
                board[3][f2] = None    # moved along the river: still drowns
        else:
            board[3][fi] = None
    return Position(board, not white, pos.number + (0 if white else 1))


def lions(pos):
    white = black = False
    for row in pos.board:
        for p in row:
            if p == 'L':
                white = True
            elif p == 'l':
                black = True
    return white, black


def evaluate(pos):
    """Material evaluation for the side to move."""
    white_lion = black_lion = False
    material = others = 0
    for row in pos.board:
        for p in row:
            if p is None:
                continue
            if p == 'L':
                white_lion = True
            elif p == 'l':
                black_lion = True
            else:
                others += 1
                material += SIGNED[p]
    if white_lion and black_lion and others == 0:
        score = 0
    elif not black_lion:
        score = 10000
    elif not white_lion:
        score = -10000
    else:
        score = material
    if MISTAKE == 'blacksign':
        return score
    return score if pos.white else -score


def minimax(pos, depth):
    if depth <= 0:
        return evaluate(pos)
    white_lion, black_lion = lions(pos)
    if not (white_lion and black_lion):
        return evaluate(pos)
    best = -10000000
    for move in get_moves(pos):
        best = max(best, -minimax(make_move(pos, move), depth - 1))
    return best


def main():
    n = int(sys.stdin.readline())
    for _ in range(n):
        try:
            pos = parse_fen(sys.stdin.readline())
        except Exception:
            break   # end of the input
        depth = 1 if MISTAKE == 'depth' else 2
        if MISTAKE == 'debug':
            print('white to move' if pos.white else 'black to move')
        print(minimax(pos, depth))


main()
