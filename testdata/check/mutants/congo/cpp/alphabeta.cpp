// COMS3005A Congo, Part 5.2 (2022 edition): alpha-beta search.
// Input: N, then N FEN strings. Output: for each, the value of a depth-4
// alpha-beta search with the advanced evaluation, for the side to move.
//
// Build and run as the marker does:  g++ -O2 -o a.out alphabeta.cpp && ./a.out < input
//
// A student-like program of gamesearch's mutant catalogue
// (testdata/check/mutants/README.md): correct as it stands; the environment
// variable MISTAKE switches on one classic mistake: noignore, debug,
// blacksign, depth, depth2, strict, rules2021, crash, loop, stop.
#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace std;

string MISTAKE;

struct State {
    char board[7][7];  // board[rank][file], rank 0 is rank 1; '.' is empty
    bool whiteToMove;
    int moveNumber;
};

struct Move {
    int fromFile, fromRank, toFile, toRank;
};

const int INF = 10000000;
long long nodesSearched = 0;

bool isWhite(char c) { return c >= 'A' && c <= 'Z'; }
bool isBlack(char c) { return c >= 'a' && c <= 'z'; }
bool ownPiece(char c, bool white) { return white ? isWhite(c) : isBlack(c); }
bool enemyPiece(char c, bool white) { return white ? isBlack(c) : isWhite(c); }
bool onBoard(int f, int r) { return f >= 0 && f < 7 && r >= 0 && r < 7; }

bool inCastle(int f, int r, bool white) {
    if (f < 2 || f > 4) return false;
    return white ? r <= 2 : r >= 4;
}

// readFen fills s from a FEN; false when it meets a letter it does not know.
bool readFen(const string& fen, State& s) {
    stringstream ss(fen);
    string placement, side;
    ss >> placement >> side >> s.moveNumber;
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++) s.board[r][f] = '.';
    int r = 6, f = 0;
    for (char c : placement) {
        if (c == '/') {
            r--;
            f = 0;
        } else if (isdigit(c)) {
            f += c - '0';
        } else {
            if (MISTAKE == "stop" && (c == 's' || c == 'S')) return false;  // no superpawns in my parser yet
            s.board[r][f] = c;
            f++;
        }
    }
    s.whiteToMove = side == "w";
    return true;
}

// pieceAt is the piece on (f, r); it must be on the board.
char pieceAt(const State& s, int f, int r) {
    assert(onBoard(f, r));
    return s.board[r][f];
}

// addIf adds the move to (tf, tr) when that square is on the board and empty,
// or holds an enemy piece and capturing is allowed.
void addIf(const State& s, vector<Move>& out, int f, int r, int tf, int tr, bool canCapture) {
    if (!onBoard(tf, tr)) return;
    char t = s.board[tr][tf];
    if (t == '.' || (canCapture && enemyPiece(t, s.whiteToMove))) out.push_back({f, r, tf, tr});
}

vector<Move> generateMoves(const State& s) {
    vector<Move> out;
    out.reserve(64);  // no Congo position has more moves: no reallocation
    bool white = s.whiteToMove;
    int forward = white ? 1 : -1;
    for (int r = 0; r < 7; r++) {
        for (int f = 0; f < 7; f++) {
            char c = s.board[r][f];
            if (!ownPiece(c, white)) continue;
            char kind = toupper(c);
            if (kind == 'L') {
                for (int df = -1; df <= 1; df++)
                    for (int dr = -1; dr <= 1; dr++)
                        if ((df != 0 || dr != 0) && inCastle(f + df, r + dr, white)) addIf(s, out, f, r, f + df, r + dr, true);
                // flying capture of the other lion, straight or diagonally forward
                for (int df = -1; df <= 1; df++) {
                    int tf = f + df, tr = r + forward;
                    while (onBoard(tf, tr) && s.board[tr][tf] == '.') {
                        tf += df;
                        tr += forward;
                    }
                    bool next = abs(tf - f) <= 1 && abs(tr - r) <= 1 && inCastle(tf, tr, white);
                    if (onBoard(tf, tr) && s.board[tr][tf] == (white ? 'l' : 'L') && !next) out.push_back({f, r, tf, tr});
                }
            } else if (kind == 'Z') {
                int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
                for (int k = 0; k < 8; k++) {
                    int tf = f + jumps[k][0], tr = r + jumps[k][1];
                    if (MISTAKE == "crash") {
                        if (tf >= 0 && tf < 7 && tr >= 0 && tr <= 7) {  // off by one
                            char t = pieceAt(s, tf, tr);
                            if (t == '.' || enemyPiece(t, white)) out.push_back({f, r, tf, tr});
                        }
                        continue;
                    }
                    addIf(s, out, f, r, tf, tr, true);
                }
            } else if (kind == 'G') {
                for (int df = -1; df <= 1; df++)
                    for (int dr = -1; dr <= 1; dr++) {
                        if (df == 0 && dr == 0) continue;
                        addIf(s, out, f, r, f + df, r + dr, false);
                        addIf(s, out, f, r, f + 2 * df, r + 2 * dr, true);
                    }
            } else if (kind == 'P' || kind == 'S') {
                for (int df = -1; df <= 1; df++) addIf(s, out, f, r, f + df, r + forward, true);
                if (kind == 'S') {
                    addIf(s, out, f, r, f - 1, r, true);
                    addIf(s, out, f, r, f + 1, r, true);
                }
                bool pastRiver = white ? r >= 4 : r <= 2;
                if (kind == 'S' || pastRiver) {
                    int lo = kind == 'S' ? -1 : 0, hi = kind == 'S' ? 1 : 0;
                    for (int df = lo; df <= hi; df++) {
                        // retreat one or two squares, no jumping, no capture
                        int steps = 0, tf = f + df, tr = r - forward;
                        while (steps < 2 && onBoard(tf, tr)) {
                            if (s.board[tr][tf] != '.') {
                                if (MISTAKE == "loop") continue;  // meant break
                                break;
                            }
                            out.push_back({f, r, tf, tr});
                            steps++;
                            tf += df;
                            tr -= forward;
                        }
                    }
                }
            }
        }
    }
    return out;
}

State makeMove(const State& s, const Move& m) {
    State n = s;
    bool white = s.whiteToMove;
    bool wasInRiver[7];
    for (int f = 0; f < 7; f++) wasInRiver[f] = ownPiece(s.board[3][f], white) && toupper(s.board[3][f]) != 'C';
    char piece = n.board[m.fromRank][m.fromFile];
    n.board[m.fromRank][m.fromFile] = '.';
    if (toupper(piece) == 'P' && m.toRank == (white ? 6 : 0) && MISTAKE != "rules2021") piece = white ? 'S' : 's';
    n.board[m.toRank][m.toFile] = piece;
    // drowning: own pieces that were in the river and still are
    for (int f = 0; f < 7; f++) {
        if (!wasInRiver[f]) continue;
        if (f == m.fromFile && m.fromRank == 3) {
            if (m.toRank == 3) n.board[3][m.toFile] = '.';
        } else {
            n.board[3][f] = '.';
        }
    }
    n.whiteToMove = !white;
    if (!white) n.moveNumber++;
    return n;
}

int pieceValue(char c) {
    switch (toupper(c)) {
        case 'P': return 100;
        case 'Z': return 300;
        case 'S': return 350;
        case 'G': return 400;
    }
    return 0;
}

bool lionCaptured(const State& s) {
    bool white = false, black = false;
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++) {
            if (s.board[r][f] == 'L') white = true;
            if (s.board[r][f] == 'l') black = true;
        }
    return !white || !black;
}

// advancedEvaluation: material + mobility + attack, White minus Black,
// returned for the side to move.
int advancedEvaluation(const State& s) {
    bool whiteLion = false, blackLion = false;
    int pieces = 0, score = 0;
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++) {
            char c = s.board[r][f];
            if (c == 'L') whiteLion = true;
            else if (c == 'l') blackLion = true;
            else if (c != '.') {
                pieces++;
                score += isWhite(c) ? pieceValue(c) : -pieceValue(c);
            }
        }
    if (whiteLion && blackLion && pieces == 0) score = 0;
    else if (!blackLion) score = 10000;
    else if (!whiteLion) score = -10000;
    else {
        for (int side = 0; side < 2; side++) {
            State t = s;
            t.whiteToMove = side == 0;
            int sign = side == 0 ? 1 : -1;
            for (const Move& m : generateMoves(t)) {
                score += sign;
                char target = s.board[m.toRank][m.toFile];
                if (enemyPiece(target, t.whiteToMove)) score += sign * (toupper(target) == 'L' ? 11 : 1);
            }
        }
    }
    if (MISTAKE == "blacksign") return score;
    return s.whiteToMove ? score : -score;
}

// captures of the lion first, then other captures, then the rest
int orderKey(const State& s, const Move& m) {
    char t = s.board[m.toRank][m.toFile];
    if (t == '.') return 2;
    return toupper(t) == 'L' ? 0 : 1;
}

int alphaBeta(const State& s, int depth, int alpha, int beta) {
    nodesSearched++;
    if (lionCaptured(s) || depth <= 0) return advancedEvaluation(s);
    vector<Move> moves = generateMoves(s);
    stable_sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) { return orderKey(s, a) < orderKey(s, b); });
    for (const Move& m : moves) {
        int v = -alphaBeta(makeMove(s, m), depth - 1, -beta, -alpha);
        if (MISTAKE == "strict" ? v > beta : v >= beta) return beta;
        if (v > alpha) alpha = v;
    }
    return alpha;
}

int main() {
    const char* e = getenv("MISTAKE");
    MISTAKE = e ? e : "";
    int n;
    cin >> n;
    if (MISTAKE != "noignore") cin.ignore();
    for (int i = 0; i < n; i++) {
        string fen;
        getline(cin, fen);
        State s;
        if (!readFen(fen, s)) break;
        nodesSearched = 0;
        int depth = MISTAKE == "depth" ? 3 : MISTAKE == "depth2" ? 2 : 4;
        cout << alphaBeta(s, depth, -INF, INF) << endl;
        if (MISTAKE == "debug") cout << "nodes: " << nodesSearched << endl;
    }
    return 0;
}
