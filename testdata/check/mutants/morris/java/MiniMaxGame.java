// Morris Game Variant, Part I: MINIMAX in the midgame/endgame, for White.
// usage: java MiniMaxGame board1.txt board2.txt DEPTH
//
// A student-like program of gamesearch's mutant catalogue
// (testdata/check/mutants/README.md); mistakes: see Morris.java and count3.
import java.io.IOException;
import java.util.List;

public class MiniMaxGame {
    static int maxMin(char[] x, int depth) {
        if (depth == 0) return Morris.staticEstimation(x);
        List<char[]> children = Morris.whiteMoves(x);
        if (children.isEmpty()) return Morris.staticEstimation(x);
        int v = Integer.MIN_VALUE;
        for (char[] y : children) v = Math.max(v, minMax(y, depth - 1));
        return v;
    }

    static int minMax(char[] x, int depth) {
        if (depth == 0) return Morris.staticEstimation(x);
        List<char[]> children = Morris.blackMoves(x);
        if (children.isEmpty()) return Morris.staticEstimation(x);
        int v = Integer.MAX_VALUE;
        for (char[] y : children) v = Math.min(v, maxMin(y, depth - 1));
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
            for (char[] y : children) {
                int v = minMax(y, depth - 1);
                if (v > bestValue) {
                    bestValue = v;
                    best = y;
                }
            }
        }
        Morris.writeBoard(args[1], best);
        Morris.print(best, bestValue);
    }
}
