// A student's ABGame (Morris-Variant, Spring 2023, 22-point board):
// java ABGame INPUT OUTPUT DEPTH. Written for gamesearch's autograder tests:
// the environment variable MISTAKE turns on one classic mistake (tielast,
// strict, rootalpha, countroot); without it the program is correct.
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public class ABGame {
    static final int[][] NEIGHBORS = {
        {1, 3, 19}, {0, 2, 4}, {1, 5, 12}, {0, 4, 6, 8}, {1, 3, 5}, {2, 4, 7, 11}, {3, 7, 9}, {5, 6, 10},
        {3, 9, 16}, {6, 8, 13}, {7, 11, 15}, {5, 10, 12, 18}, {2, 11, 21}, {9, 14, 16}, {13, 15, 17},
        {10, 14, 18}, {8, 13, 17, 19}, {14, 16, 18, 20}, {11, 15, 17, 21}, {0, 16, 20}, {17, 19, 21},
        {12, 18, 20}};
    static final int[][] MILLS = {
        {0, 1, 2}, {0, 3, 6}, {2, 5, 7}, {2, 12, 21}, {3, 4, 5}, {3, 8, 16}, {5, 11, 18}, {6, 9, 13},
        {7, 10, 15}, {10, 11, 12}, {13, 14, 15}, {13, 16, 19}, {14, 17, 20}, {15, 18, 21}, {16, 17, 18},
        {19, 20, 21}};
    static final long INF = Long.MAX_VALUE / 4;
    static String mistake = System.getenv().getOrDefault("MISTAKE", "");
    static long evaluated = 0;

    static boolean closeMill(int j, char[] b) {
        char c = b[j];
        if (c == 'x') return false;
        for (int[] m : MILLS) {
            if ((m[0] == j || m[1] == j || m[2] == j) && b[m[0]] == c && b[m[1]] == c && b[m[2]] == c) return true;
        }
        return false;
    }

    static void generateRemove(char[] b, List<char[]> list) {
        boolean added = false;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 'B' && !closeMill(i, b)) {
                char[] t = b.clone();
                t[i] = 'x';
                list.add(t);
                added = true;
            }
        }
        if (!added) list.add(b.clone());
    }

    static void place(char[] b, int from, int to, List<char[]> list) {
        char[] t = b.clone();
        t[from] = 'x';
        t[to] = 'W';
        if (closeMill(to, t)) generateRemove(t, list);
        else list.add(t);
    }

    static List<char[]> whiteMoves(char[] b) {
        List<char[]> list = new ArrayList<>();
        int white = 0;
        for (char c : b) if (c == 'W') white++;
        for (int i = 0; i < b.length; i++) {
            if (b[i] != 'W') continue;
            if (white == 3) {
                for (int j = 0; j < b.length; j++) if (b[j] == 'x') place(b, i, j, list);
            } else {
                for (int j : NEIGHBORS[i]) if (b[j] == 'x') place(b, i, j, list);
            }
        }
        return list;
    }

    static char[] swap(char[] b) {
        char[] t = new char[b.length];
        for (int i = 0; i < b.length; i++) t[i] = b[i] == 'W' ? 'B' : b[i] == 'B' ? 'W' : 'x';
        return t;
    }

    static List<char[]> blackMoves(char[] b) {
        List<char[]> list = new ArrayList<>();
        for (char[] c : whiteMoves(swap(b))) list.add(swap(c));
        return list;
    }

    static long estimate(char[] b) {
        evaluated++;
        int white = 0, black = 0;
        for (char c : b) {
            if (c == 'W') white++;
            if (c == 'B') black++;
        }
        int blackMoves = blackMoves(b).size();
        if (black <= 2) return 10000;
        if (white <= 2) return -10000;
        if (blackMoves == 0) return 10000;
        return 1000L * (white - black) - blackMoves;
    }

    static boolean cutsBeta(long v, long beta) {
        return mistake.equals("strict") ? v > beta : v >= beta;
    }

    static boolean cutsAlpha(long v, long alpha) {
        return mistake.equals("strict") ? v < alpha : v <= alpha;
    }

    static long maxMin(char[] x, int depth, long alpha, long beta) {
        if (depth == 0) return estimate(x);
        List<char[]> children = whiteMoves(x);
        if (children.isEmpty()) return estimate(x);
        long v = -INF;
        for (char[] y : children) {
            v = Math.max(v, minMax(y, depth - 1, alpha, beta));
            if (cutsBeta(v, beta)) return v;
            alpha = Math.max(alpha, v);
        }
        return v;
    }

    static long minMax(char[] x, int depth, long alpha, long beta) {
        if (depth == 0) return estimate(x);
        List<char[]> children = blackMoves(x);
        if (children.isEmpty()) return estimate(x);
        long v = INF;
        for (char[] y : children) {
            v = Math.min(v, maxMin(y, depth - 1, alpha, beta));
            if (cutsAlpha(v, alpha)) return v;
            beta = Math.min(beta, v);
        }
        return v;
    }

    public static void main(String[] args) throws IOException {
        char[] board = new String(Files.readAllBytes(Paths.get(args[0]))).trim().toCharArray();
        int depth = Integer.parseInt(args[2]);
        List<char[]> children = whiteMoves(board);
        char[] best = board;
        long bestValue;
        if (children.isEmpty()) {
            bestValue = estimate(board);
        } else {
            bestValue = -INF;
            long alpha = -INF;
            for (char[] y : children) {
                long v = minMax(y, depth - 1, alpha, INF);
                if (v > bestValue || (mistake.equals("tielast") && v == bestValue)) {
                    bestValue = v;
                    best = y;
                }
                if (!mistake.equals("rootalpha")) alpha = Math.max(alpha, v);
            }
        }
        if (mistake.equals("countroot")) evaluated++;
        String out = new String(best);
        Files.write(Paths.get(args[1]), (out + "\n").getBytes());
        System.out.println("Board Position: " + out);
        System.out.println("Positions evaluated by static estimation: " + evaluated + ".");
        System.out.println("MINIMAX estimate: " + bestValue + ".");
    }
}
