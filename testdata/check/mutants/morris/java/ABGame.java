// Morris Game Variant, Part II: ALPHA-BETA in the midgame/endgame, for White.
// usage: java ABGame board1.txt board2.txt DEPTH
//
// A student-like program of gamesearch's mutant catalogue
// (testdata/check/mutants/README.md); mistakes: see Morris.java, count3 and
// strict.
import java.io.IOException;
import java.util.List;

public class ABGame {
    static boolean strict = Morris.MISTAKE.equals("strict");

    static int maxMin(char[] x, int depth, int alpha, int beta) {
        if (depth == 0) return Morris.staticEstimation(x);
        List<char[]> children = Morris.whiteMoves(x);
        if (children.isEmpty()) return Morris.staticEstimation(x);
        int v = Integer.MIN_VALUE;
        for (char[] y : children) {
            v = Math.max(v, minMax(y, depth - 1, alpha, beta));
            if (strict ? v > beta : v >= beta) return v;
            alpha = Math.max(alpha, v);
        }
        return v;
    }

    static int minMax(char[] x, int depth, int alpha, int beta) {
        if (depth == 0) return Morris.staticEstimation(x);
        List<char[]> children = Morris.blackMoves(x);
        if (children.isEmpty()) return Morris.staticEstimation(x);
        int v = Integer.MAX_VALUE;
        for (char[] y : children) {
            v = Math.min(v, maxMin(y, depth - 1, alpha, beta));
            if (strict ? v < alpha : v <= alpha) return v;
            beta = Math.min(beta, v);
        }
        return v;
    }

    public static void main(String[] args) throws IOException {
        char[] board = Morris.readBoard(args[0]);
        int depth = Morris.depthArg(args[2]);
        if (Morris.MISTAKE.equals("count3") && depth == 3) {
            System.err.println("root estimate " + Morris.staticEstimation(board));
        }
        List<char[]> children = Morris.whiteMoves(board);
        char[] best = board;
        int bestValue;
        if (children.isEmpty()) {
            bestValue = Morris.staticEstimation(board);
        } else {
            bestValue = Integer.MIN_VALUE;
            int alpha = Integer.MIN_VALUE;
            for (char[] y : children) {
                int v = minMax(y, depth - 1, alpha, Integer.MAX_VALUE);
                if (v > bestValue) {
                    bestValue = v;
                    best = y;
                }
                alpha = Math.max(alpha, v);
            }
        }
        Morris.writeBoard(args[1], best);
        Morris.print(best, bestValue);
    }
}
