// A student's ABGame in C++ (Morris-Variant, Spring 2023, 22-point board,
// midgame): ./ABGame INPUT OUTPUT DEPTH. Written for gamesearch's grade
// tests; a port of ../students/ABGame.java without its mistakes.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>
using namespace std;

static const vector<vector<int>> NEIGHBORS = {
    {1, 3, 19}, {0, 2, 4}, {1, 5, 12}, {0, 4, 6, 8}, {1, 3, 5}, {2, 4, 7, 11}, {3, 7, 9}, {5, 6, 10},
    {3, 9, 16}, {6, 8, 13}, {7, 11, 15}, {5, 10, 12, 18}, {2, 11, 21}, {9, 14, 16}, {13, 15, 17},
    {10, 14, 18}, {8, 13, 17, 19}, {14, 16, 18, 20}, {11, 15, 17, 21}, {0, 16, 20}, {17, 19, 21},
    {12, 18, 20}};
static const vector<vector<int>> MILLS = {
    {0, 1, 2}, {0, 3, 6}, {2, 5, 7}, {2, 12, 21}, {3, 4, 5}, {3, 8, 16}, {5, 11, 18}, {6, 9, 13},
    {7, 10, 15}, {10, 11, 12}, {13, 14, 15}, {13, 16, 19}, {14, 17, 20}, {15, 18, 21}, {16, 17, 18},
    {19, 20, 21}};
static const long long INF = 1LL << 60;
static long long evaluated = 0;

static bool closeMill(int j, const string &b) {
    char c = b[j];
    if (c == 'x') return false;
    for (auto &m : MILLS)
        if ((m[0] == j || m[1] == j || m[2] == j) && b[m[0]] == c && b[m[1]] == c && b[m[2]] == c) return true;
    return false;
}

static void generateRemove(const string &b, vector<string> &list) {
    bool added = false;
    for (size_t i = 0; i < b.size(); i++) {
        if (b[i] == 'B' && !closeMill(i, b)) {
            string t = b;
            t[i] = 'x';
            list.push_back(t);
            added = true;
        }
    }
    if (!added) list.push_back(b);
}

static void place(const string &b, int from, int to, vector<string> &list) {
    string t = b;
    t[from] = 'x';
    t[to] = 'W';
    if (closeMill(to, t)) generateRemove(t, list);
    else list.push_back(t);
}

static vector<string> whiteMoves(const string &b) {
    vector<string> list;
    int white = count(b.begin(), b.end(), 'W');
    for (size_t i = 0; i < b.size(); i++) {
        if (b[i] != 'W') continue;
        if (white == 3) {
            for (size_t j = 0; j < b.size(); j++)
                if (b[j] == 'x') place(b, i, j, list);
        } else {
            for (int j : NEIGHBORS[i])
                if (b[j] == 'x') place(b, i, j, list);
        }
    }
    return list;
}

static string swapColours(const string &b) {
    string t = b;
    for (char &c : t) c = c == 'W' ? 'B' : c == 'B' ? 'W' : 'x';
    return t;
}

static vector<string> blackMoves(const string &b) {
    vector<string> list;
    for (auto &c : whiteMoves(swapColours(b))) list.push_back(swapColours(c));
    return list;
}

static long long estimate(const string &b) {
    evaluated++;
    int white = count(b.begin(), b.end(), 'W'), black = count(b.begin(), b.end(), 'B');
    int moves = blackMoves(b).size();
    if (black <= 2) return 10000;
    if (white <= 2) return -10000;
    if (moves == 0) return 10000;
    return 1000LL * (white - black) - moves;
}

static long long minMax(const string &x, int depth, long long alpha, long long beta);

static long long maxMin(const string &x, int depth, long long alpha, long long beta) {
    if (depth == 0) return estimate(x);
    vector<string> children = whiteMoves(x);
    if (children.empty()) return estimate(x);
    long long v = -INF;
    for (auto &y : children) {
        v = max(v, minMax(y, depth - 1, alpha, beta));
        if (v >= beta) return v;
        alpha = max(alpha, v);
    }
    return v;
}

static long long minMax(const string &x, int depth, long long alpha, long long beta) {
    if (depth == 0) return estimate(x);
    vector<string> children = blackMoves(x);
    if (children.empty()) return estimate(x);
    long long v = INF;
    for (auto &y : children) {
        v = min(v, maxMin(y, depth - 1, alpha, beta));
        if (v <= alpha) return v;
        beta = min(beta, v);
    }
    return v;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        cerr << "usage: ABGame INPUT OUTPUT DEPTH" << endl;
        return 1;
    }
    ifstream in(argv[1]);
    string board;
    in >> board;
    int depth = stoi(argv[3]);
    vector<string> children = whiteMoves(board);
    string best = board;
    long long bestValue;
    if (children.empty()) {
        bestValue = estimate(board);
    } else {
        bestValue = -INF;
        long long alpha = -INF;
        for (auto &y : children) {
            long long v = minMax(y, depth - 1, alpha, INF);
            if (v > bestValue) {
                bestValue = v;
                best = y;
            }
            alpha = max(alpha, v);
        }
    }
    ofstream(argv[2]) << best << "\n";
    cout << "Board Position: " << best << "\n";
    cout << "Positions evaluated by static estimation: " << evaluated << ".\n";
    cout << "MINIMAX estimate: " << bestValue << ".\n";
    return 0;
}
