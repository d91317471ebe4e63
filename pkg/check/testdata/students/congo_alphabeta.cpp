// A student's Congo Part 5.2 (COMS3005A, 2022 edition): N, then N FENs on
// stdin; for each, the depth-4 fail-hard alpha-beta value with the advanced
// evaluation. Written for gamesearch's autograder tests: the environment
// variable MISTAKE turns on one classic mistake (rules2021, noignore, debug,
// crash, timeout); without it the program is correct.
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace std;

static string MISTAKE;

struct Move { int ff, fr, tf, tr; };

struct Board {
    char sq[7][7];  // [file][rank], '.' empty
    bool white;     // side to move
    int number;
};

static bool isOwn(char c, bool white) { return c != '.' && (white ? isupper(c) : islower(c)); }
static bool isEnemy(char c, bool white) { return c != '.' && (white ? islower(c) : isupper(c)); }
static bool on(int f, int r) { return f >= 0 && f < 7 && r >= 0 && r < 7; }
static bool inCastle(int f, int r, bool white) { return f >= 2 && f <= 4 && (white ? r <= 2 : r >= 4); }

Board parse(const string& fen) {
    Board b;
    for (int f = 0; f < 7; f++)
        for (int r = 0; r < 7; r++) b.sq[f][r] = '.';
    b.white = true;
    b.number = 0;
    istringstream in(fen);
    string place, side;
    in >> place >> side >> b.number;
    int r = 6, f = 0;
    for (char c : place) {
        if (c == '/') { r--; f = 0; continue; }
        if (isdigit(c)) {
            if (MISTAKE == "timeout" && c == '7') {
                volatile int skipped = 0;
                while (f < 7) skipped++;  // forgot f += 7
            }
            f += c - '0';
            continue;
        }
        if (on(f, r)) b.sq[f][r] = c;
        f++;
    }
    b.white = side != "b";
    return b;
}

void add(const Board& b, vector<Move>& out, int f, int r, int tf, int tr, bool white, bool mayCapture) {
    if (!on(tf, tr)) return;
    char t = b.sq[tf][tr];
    if (t == '.' || (mayCapture && isEnemy(t, white))) out.push_back({f, r, tf, tr});
}

vector<Move> moves(const Board& b, bool white) {
    vector<Move> out;
    int fwd = white ? 1 : -1;
    for (int f = 0; f < 7; f++) {
        for (int r = 0; r < 7; r++) {
            char c = b.sq[f][r];
            if (!isOwn(c, white)) continue;
            switch (toupper(c)) {
            case 'L':
                for (int df = -1; df <= 1; df++)
                    for (int dr = -1; dr <= 1; dr++)
                        if ((df || dr) && inCastle(f + df, r + dr, white)) add(b, out, f, r, f + df, r + dr, white, true);
                for (int df = -1; df <= 1; df++) {
                    int tf = f + df, tr = r + fwd;
                    while (on(tf, tr) && b.sq[tf][tr] == '.') { tf += df; tr += fwd; }
                    if (on(tf, tr) && b.sq[tf][tr] == (white ? 'l' : 'L')) out.push_back({f, r, tf, tr});
                }
                break;
            case 'Z': {
                int d[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
                for (auto& x : d) add(b, out, f, r, f + x[0], r + x[1], white, true);
                break;
            }
            case 'E': {
                int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
                for (auto& x : d)
                    for (int k = 1; k <= 2; k++) add(b, out, f, r, f + k * x[0], r + k * x[1], white, true);
                break;
            }
            case 'G':
                for (int df = -1; df <= 1; df++)
                    for (int dr = -1; dr <= 1; dr++) {
                        if (!df && !dr) continue;
                        add(b, out, f, r, f + df, r + dr, white, false);
                        add(b, out, f, r, f + 2 * df, r + 2 * dr, white, true);
                    }
                break;
            case 'P': {
                for (int df = -1; df <= 1; df++) add(b, out, f, r, f + df, r + fwd, white, true);
                bool past = white ? r >= 4 : r <= 2;
                if (past && on(f, r - fwd) && b.sq[f][r - fwd] == '.') {
                    out.push_back({f, r, f, r - fwd});
                    if (on(f, r - 2 * fwd) && b.sq[f][r - 2 * fwd] == '.') out.push_back({f, r, f, r - 2 * fwd});
                }
                break;
            }
            case 'S':
                if (MISTAKE == "crash") {
                    vector<int> todo;  // superpawn moves "not written yet"
                    todo.at(0);
                }
                for (int df = -1; df <= 1; df++) add(b, out, f, r, f + df, r + fwd, white, true);
                add(b, out, f, r, f - 1, r, white, true);
                add(b, out, f, r, f + 1, r, white, true);
                for (int df = -1; df <= 1; df++) {
                    int tf = f + df, tr = r - fwd;
                    if (on(tf, tr) && b.sq[tf][tr] == '.') {
                        out.push_back({f, r, tf, tr});
                        if (on(tf + df, tr - fwd) && b.sq[tf + df][tr - fwd] == '.') out.push_back({f, r, tf + df, tr - fwd});
                    }
                }
                break;
            }
        }
    }
    return out;
}

Board play(const Board& b, const Move& m) {
    Board n = b;
    bool white = b.white;
    bool river[7];
    for (int f = 0; f < 7; f++) river[f] = isOwn(b.sq[f][3], white) && toupper(b.sq[f][3]) != 'C';
    char c = n.sq[m.ff][m.fr];
    n.sq[m.ff][m.fr] = '.';
    int last = white ? 6 : 0;
    if (toupper(c) == 'P' && m.tr == last && MISTAKE != "rules2021") c = white ? 'S' : 's';
    n.sq[m.tf][m.tr] = c;
    for (int f = 0; f < 7; f++) {
        if (!river[f]) continue;
        if (f == m.ff && m.fr == 3) {
            if (m.tr == 3) n.sq[m.tf][m.tr] = '.';
        } else if (isOwn(n.sq[f][3], white)) {
            n.sq[f][3] = '.';
        }
    }
    n.white = !white;
    if (!white) n.number++;
    return n;
}

static int value(char c) {
    switch (toupper(c)) {
    case 'P': return 100;
    case 'E': return 200;
    case 'Z': return 300;
    case 'S': return 350;
    case 'G': return 400;
    }
    return 0;
}

bool lionMissing(const Board& b) {
    bool w = false, k = false;
    for (int f = 0; f < 7; f++)
        for (int r = 0; r < 7; r++) {
            w = w || b.sq[f][r] == 'L';
            k = k || b.sq[f][r] == 'l';
        }
    return !w || !k;
}

long nodes = 0;

int evaluate(const Board& b) {
    bool wl = false, bl = false;
    int others = 0, raw = 0;
    for (int f = 0; f < 7; f++)
        for (int r = 0; r < 7; r++) {
            char c = b.sq[f][r];
            if (c == 'L') wl = true;
            else if (c == 'l') bl = true;
            else if (c != '.') {
                others++;
                raw += isupper(c) ? value(c) : -value(c);
            }
        }
    if (wl && bl && others == 0) raw = 0;
    else if (!bl) raw = 10000;
    else if (!wl) raw = -10000;
    else {
        for (int side = 0; side < 2; side++) {
            bool white = side == 0;
            int sign = white ? 1 : -1;
            for (const Move& m : moves(b, white)) {
                raw += sign;
                char t = b.sq[m.tf][m.tr];
                if (isEnemy(t, white)) raw += sign * (toupper(t) == 'L' ? 11 : 1);
            }
        }
    }
    return b.white ? raw : -raw;
}

int alphabeta(const Board& b, int depth, int alpha, int beta) {
    nodes++;
    if (lionMissing(b) || depth <= 0) return evaluate(b);
    for (const Move& m : moves(b, b.white)) {
        int v = -alphabeta(play(b, m), depth - 1, -beta, -alpha);
        if (v >= beta) return beta;
        if (v > alpha) alpha = v;
    }
    return alpha;
}

int main() {
    const char* e = getenv("MISTAKE");
    MISTAKE = e ? e : "";
    int n;
    cin >> n;
    string fen;
    if (MISTAKE != "noignore") getline(cin, fen);  // the rest of the first line
    for (int i = 0; i < n; i++) {
        getline(cin, fen);
        Board b = parse(fen);
        nodes = 0;
        cout << alphabeta(b, 4, -10000000, 10000000) << endl;
        if (MISTAKE == "debug") cout << "searched " << nodes << " nodes" << endl;
    }
    return 0;
}
