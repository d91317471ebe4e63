// CSCI-561 Spring 2018, Homework 1: Star/Circle with MINIMAX and ALPHABETA.
// Reads input.txt, writes output.txt (move, myopic utility, farsighted
// utility, number of nodes).
//
// Build and run as the grader does:  g++ -O2 -o a.out hw1.cpp && ./a.out
//
// A student-like program of gamesearch's mutant catalogue
// (testdata/check/mutants/README.md): correct as it stands; the environment
// variable MISTAKE switches on one classic mistake: jumpsfirst, rightfirst,
// tielast, strict, noroot, leaves, passend, nostack, depth, input1, debug,
// rowvalues; several at once are separated by commas (rightfirst,passend).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace std;

static string MISTAKE;
static bool mistake(const char* m) { return ("," + MISTAKE + ",").find("," + string(m) + ",") != string::npos; }

struct Cell {
    char who;  // 'S', 'C' or 0 for an empty square
    int n;     // pieces on the square
};

// board[r][c]: row r = 0 is A (bottom), 7 is H (top); column c = 0 is 1.
typedef vector<vector<Cell> > Board;

struct Move {
    bool pass;
    int fr, fc, tr, tc;
    int jr, jc;  // jumped square, -1 for a step
};

static const long long INF = 1LL << 60;

char me;                 // 'S' or 'C': the player we search for
bool useAlphaBeta;
int maxDepth;
long long rowValue[8];   // rowValue[0] is the value of a player's first row
long long nodes = 0;

char opponent(char p) { return p == 'S' ? 'C' : 'S'; }
int lastRow(char p) { return p == 'S' ? 7 : 0; }
bool inside(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }

// A piece of p may land on (r, c): empty, or p's own stack on p's last row.
bool canLand(const Board& b, char p, int r, int c) {
    if (b[r][c].who == 0) return true;
    if (mistake("nostack")) return false;
    return b[r][c].who == p && r == lastRow(p);
}

// The moves of p in the order the handout expands them: pieces from the top
// row down and left to right; for one piece the landing squares the same way.
vector<Move> getMoves(const Board& b, char p) {
    vector<Move> moves;
    int dir = p == 'S' ? 1 : -1;
    int dcs[2] = {-1, 1};
    if (mistake("rightfirst")) {
        dcs[0] = 1;
        dcs[1] = -1;
    }
    for (int r = 7; r >= 0; r--) {
        for (int c = 0; c < 8; c++) {
            if (b[r][c].who != p || r == lastRow(p)) continue;
            vector<Move> steps, jumps;
            for (int k = 0; k < 2; k++) {
                int dc = dcs[k];
                int sr = r + dir, sc = c + dc;
                if (!inside(sr, sc)) continue;
                if (canLand(b, p, sr, sc)) {
                    Move m = {false, r, c, sr, sc, -1, -1};
                    steps.push_back(m);
                } else if (b[sr][sc].who == opponent(p)) {
                    int jr = r + 2 * dir, jc = c + 2 * dc;
                    if (inside(jr, jc) && canLand(b, p, jr, jc)) {
                        Move m = {false, r, c, jr, jc, sr, sc};
                        jumps.push_back(m);
                    }
                }
            }
            // Star's jumps land on a higher row than its steps, Circle's on a
            // lower one.
            bool jumpsFirst = p == 'S' || mistake("jumpsfirst");
            vector<Move>& first = jumpsFirst ? jumps : steps;
            vector<Move>& second = jumpsFirst ? steps : jumps;
            moves.insert(moves.end(), first.begin(), first.end());
            moves.insert(moves.end(), second.begin(), second.end());
        }
    }
    return moves;
}

Board play(const Board& b, const Move& m) {
    Board nb = b;
    if (m.pass) return nb;
    char p = nb[m.fr][m.fc].who;
    if (--nb[m.fr][m.fc].n == 0) nb[m.fr][m.fc].who = 0;
    nb[m.tr][m.tc].who = p;
    nb[m.tr][m.tc].n++;
    if (m.jr >= 0) {
        nb[m.jr][m.jc].who = 0;
        nb[m.jr][m.jc].n = 0;
    }
    return nb;
}

long long utility(const Board& b) {
    long long u = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            const Cell& x = b[r][c];
            if (x.who == 0) continue;
            // rowvalues: Circle's rows counted from Star's side too
            long long w = x.n * (x.who == 'S' || mistake("rowvalues") ? rowValue[r] : rowValue[7 - r]);
            u += x.who == me ? w : -w;
        }
    return u;
}

bool gameOver(const Board& b, int passes) {
    bool star = false, circle = false;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            if (b[r][c].who == 'S') star = true;
            if (b[r][c].who == 'C') circle = true;
        }
    if (!star || !circle) return true;
    return passes >= (mistake("passend") ? 1 : 2);
}

bool isLeaf(const Board& b, int depth, int passes) {
    if (mistake("depth")) return gameOver(b, passes) || depth > maxDepth;
    return gameOver(b, passes) || depth == maxDepth;
}

long long minValue(const Board& b, int depth, int passes, long long alpha, long long beta);

long long maxValue(const Board& b, int depth, int passes, long long alpha, long long beta) {
    if (!mistake("leaves")) nodes++;
    if (isLeaf(b, depth, passes)) {
        if (mistake("leaves")) nodes++;
        return utility(b);
    }
    vector<Move> moves = getMoves(b, me);
    long long v = -INF;
    if (moves.empty()) return minValue(b, depth + 1, passes + 1, alpha, beta);
    for (size_t i = 0; i < moves.size(); i++) {
        long long x = minValue(play(b, moves[i]), depth + 1, 0, alpha, beta);
        if (x > v) v = x;
        if (useAlphaBeta) {
            if (mistake("strict") ? v > beta : v >= beta) return v;
            if (v > alpha) alpha = v;
        }
    }
    return v;
}

long long minValue(const Board& b, int depth, int passes, long long alpha, long long beta) {
    if (!mistake("leaves")) nodes++;
    if (isLeaf(b, depth, passes)) {
        if (mistake("leaves")) nodes++;
        return utility(b);
    }
    vector<Move> moves = getMoves(b, opponent(me));
    long long v = INF;
    if (moves.empty()) return maxValue(b, depth + 1, passes + 1, alpha, beta);
    for (size_t i = 0; i < moves.size(); i++) {
        long long x = maxValue(play(b, moves[i]), depth + 1, 0, alpha, beta);
        if (x < v) v = x;
        if (useAlphaBeta) {
            if (mistake("strict") ? v < alpha : v <= alpha) return v;
            if (v < beta) beta = v;
        }
    }
    return v;
}

string moveName(const Move& m) {
    if (m.pass) return "pass";
    string s;
    s += char('A' + m.fr);
    s += to_string(m.fc + 1);
    s += '-';
    s += char('A' + m.tr);
    s += to_string(m.tc + 1);
    return s;
}

// trim drops white space at both ends (the handout's example 3 has blank
// lines and spaces).
string trim(const string& s) {
    size_t a = s.find_first_not_of(" \t\r\n");
    if (a == string::npos) return "";
    size_t z = s.find_last_not_of(" \t\r\n");
    return s.substr(a, z - a + 1);
}

vector<string> split(const string& s, char sep) {
    vector<string> out;
    string cur;
    stringstream ss(s);
    while (getline(ss, cur, sep)) out.push_back(trim(cur));
    return out;
}

int main() {
    const char* env = getenv("MISTAKE");
    MISTAKE = env ? env : "";

    const char* inputName = mistake("input1") ? "input1.txt" : "input.txt";
    ifstream fin(inputName);
    if (!fin) {
        cerr << "cannot open " << inputName << endl;
        return 1;
    }
    vector<string> lines;
    string line;
    while (getline(fin, line)) {
        line = trim(line);
        if (!line.empty()) lines.push_back(line);
    }
    me = lines[0] == "Star" ? 'S' : 'C';
    useAlphaBeta = lines[1] == "ALPHABETA";
    maxDepth = atoi(lines[2].c_str());
    Board board(8, vector<Cell>(8));
    for (int i = 0; i < 8; i++) {
        vector<string> cells = split(lines[3 + i], ',');
        int r = 7 - i;
        for (int c = 0; c < 8; c++) {
            board[r][c].who = 0;
            board[r][c].n = 0;
            if (cells[c] != "0") {
                board[r][c].who = cells[c][0];
                board[r][c].n = atoi(cells[c].c_str() + 1);
            }
        }
    }
    vector<string> vals = split(lines[11], ',');
    for (int i = 0; i < 8; i++) rowValue[i] = atoll(vals[i].c_str());

    // The root: a MAX node that keeps the first best move.
    nodes = mistake("leaves") ? 0 : 1;
    vector<Move> moves = getMoves(board, me);
    Move best = {true, 0, 0, 0, 0, -1, -1};
    long long bestValue = -INF, alpha = -INF;
    if (moves.empty()) {
        bestValue = minValue(board, 1, 1, alpha, INF);
    } else {
        for (size_t i = 0; i < moves.size(); i++) {
            long long v = minValue(play(board, moves[i]), 1, 0, alpha, INF);
            if (v > bestValue || (mistake("tielast") && v == bestValue)) {
                bestValue = v;
                best = moves[i];
            }
            if (useAlphaBeta && bestValue > alpha) alpha = bestValue;
        }
    }
    long long myopic = utility(play(board, best));
    if (mistake("noroot")) nodes--;

    FILE* out = fopen("output.txt", "w");
    fprintf(out, "%s\n%lld\n%lld\n%lld", moveName(best).c_str(), myopic, bestValue, nodes);
    if (mistake("debug")) fprintf(out, "\n# %s depth %d: %lld nodes\n", useAlphaBeta ? "ALPHABETA" : "MINIMAX", maxDepth, nodes);
    fclose(out);
    return 0;
}
