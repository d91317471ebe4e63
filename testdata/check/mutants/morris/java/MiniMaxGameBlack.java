// Morris Game Variant, Part III: MINIMAX in the midgame/endgame, for Black.
// usage: java MiniMaxGameBlack board1.txt board2.txt DEPTH
// As the handout says: swap the colours, search for White, swap back. The
// estimate printed is the value of that search, Black's point of view.
//
// A student-like program of gamesearch's mutant catalogue
// (testdata/check/mutants/README.md); mistakes: see Morris.java, count3,
// minroot (Black as MIN at the root of the unswapped board) and signflip
// (the estimate turned to White's point of view).
import java.io.IOException;
import java.util.List;

public class MiniMaxGameBlack {
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
        char[] input = Morris.readBoard(args[0]);
        int depth = Morris.depthArg(args[2]);
        boolean minRoot = Morris.MISTAKE.equals("minroot");
        // Black moves: search the swapped board for White (or, with minroot,
        // the board as it is with Black minimising at the root).
        char[] board = minRoot ? input : Morris.swap(input);
        if (Morris.MISTAKE.equals("count3") && depth == 3) {
            System.err.println("root estimate " + Morris.staticEstimation(board));
        }
        List<char[]> children = minRoot ? Morris.blackMoves(board) : Morris.whiteMoves(board);
        char[] best = board;
        int bestValue;
        if (children.isEmpty()) {
            bestValue = Morris.staticEstimation(board);
        } else {
            bestValue = minRoot ? Integer.MAX_VALUE : Integer.MIN_VALUE;
            for (char[] y : children) {
                int v = minRoot ? maxMin(y, depth - 1) : minMax(y, depth - 1);
                if (minRoot ? v < bestValue : v > bestValue) {
                    bestValue = v;
                    best = y;
                }
            }
        }
        if (!minRoot) best = Morris.swap(best);
        if (Morris.MISTAKE.equals("signflip")) bestValue = -bestValue;
        Morris.writeBoard(args[1], best);
        Morris.print(best, bestValue);
    }
}
