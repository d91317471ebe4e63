// Morris Game Variant (UT Dallas, CS 6364, Spring 2023 board: 22 points).
// What ABGame, MiniMaxGame and MiniMaxGameBlack share: the board tables,
// move generation, the static estimation and its counter, file handling.
//
// A student-like program of gamesearch's mutant catalogue
// (testdata/check/mutants/README.md): correct as it stands; the environment
// variable MISTAKE switches on one classic mistake (noremove, neighbours,
// nodepth, wording and period here; the others are in the programs).
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public class Morris {
    public static final String MISTAKE = System.getenv("MISTAKE") == null ? "" : System.getenv("MISTAKE");

    public static int evaluated = 0;

    // NEIGHBORS[j] lists the neighbours of point j, in ascending order.
    static final int[][] NEIGHBORS = new int[22][];

    static {
        for (int j = 0; j < 22; j++) NEIGHBORS[j] = neighborList(j);
    }

    public static int[] neighbors(int j) {
        return NEIGHBORS[j];
    }

    static int[] neighborList(int j) {
        int[] n;
        switch (j) {
            case 0: n = new int[] {1, 3, 19}; break;
            case 1: n = new int[] {0, 2, 4}; break;
            case 2: n = new int[] {1, 5, 12}; break;
            case 3: n = new int[] {0, 4, 6, 8}; break;
            case 4: n = new int[] {1, 3, 5}; break;
            case 5: n = new int[] {2, 4, 7, 11}; break;
            case 6: n = new int[] {3, 7, 9}; break;
            case 7: n = new int[] {5, 6, 10}; break;
            case 8: n = new int[] {3, 9, 16}; break;
            case 9: n = new int[] {6, 8, 13}; break;
            case 10: n = new int[] {7, 11, 15}; break;
            case 11: n = new int[] {5, 10, 12, 18}; break;
            case 12: n = new int[] {2, 11, 21}; break;
            case 13: n = new int[] {9, 14, 16}; break;
            case 14: n = new int[] {13, 15, 17}; break;
            case 15: n = new int[] {10, 14, 18}; break;
            case 16: n = new int[] {8, 13, 17, 19}; break;
            case 17: n = new int[] {14, 16, 18, 20}; break;
            case 18: n = new int[] {11, 15, 17, 21}; break;
            case 19: n = new int[] {0, 16, 20}; break;
            case 20: n = new int[] {17, 19, 21}; break;
            default: n = new int[] {12, 18, 20}; break;
        }
        if (MISTAKE.equals("neighbours")) {
            // the list read off the drawing the other way round
            for (int i = 0, k = n.length - 1; i < k; i++, k--) {
                int t = n[i];
                n[i] = n[k];
                n[k] = t;
            }
        }
        return n;
    }

    static boolean mill(char[] b, char c, int u, int v) {
        return b[u] == c && b[v] == c;
    }

    public static boolean closeMill(int j, char[] b) {
        char c = b[j];
        if (c == 'x') return false;
        switch (j) {
            case 0: return mill(b, c, 1, 2) || mill(b, c, 3, 6);
            case 1: return mill(b, c, 0, 2);
            case 2: return mill(b, c, 0, 1) || mill(b, c, 5, 7) || mill(b, c, 12, 21);
            case 3: return mill(b, c, 0, 6) || mill(b, c, 4, 5) || mill(b, c, 8, 16);
            case 4: return mill(b, c, 3, 5);
            case 5: return mill(b, c, 2, 7) || mill(b, c, 3, 4) || mill(b, c, 11, 18);
            case 6: return mill(b, c, 0, 3) || mill(b, c, 9, 13);
            case 7: return mill(b, c, 2, 5) || mill(b, c, 10, 15);
            case 8: return mill(b, c, 3, 16);
            case 9: return mill(b, c, 6, 13);
            case 10: return mill(b, c, 7, 15) || mill(b, c, 11, 12);
            case 11: return mill(b, c, 5, 18) || mill(b, c, 10, 12);
            case 12: return mill(b, c, 2, 21) || mill(b, c, 10, 11);
            case 13: return mill(b, c, 6, 9) || mill(b, c, 14, 15) || mill(b, c, 16, 19);
            case 14: return mill(b, c, 13, 15) || mill(b, c, 17, 20);
            case 15: return mill(b, c, 7, 10) || mill(b, c, 13, 14) || mill(b, c, 18, 21);
            case 16: return mill(b, c, 3, 8) || mill(b, c, 13, 19) || mill(b, c, 17, 18);
            case 17: return mill(b, c, 14, 20) || mill(b, c, 16, 18);
            case 18: return mill(b, c, 5, 11) || mill(b, c, 15, 21) || mill(b, c, 16, 17);
            case 19: return mill(b, c, 13, 16) || mill(b, c, 20, 21);
            case 20: return mill(b, c, 14, 17) || mill(b, c, 19, 21);
            default: return mill(b, c, 2, 12) || mill(b, c, 15, 18) || mill(b, c, 19, 20);
        }
    }

    // moved returns a copy of b with the piece on from moved to to.
    static char[] moved(char[] b, int from, int to) {
        char[] nb = b.clone();
        nb[from] = 'x';
        nb[to] = 'W';
        return nb;
    }

    static void generateRemove(char[] b, List<char[]> list) {
        boolean added = false;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 'B' && !closeMill(i, b)) {
                char[] nb = b.clone();
                nb[i] = 'x';
                list.add(nb);
                added = true;
            }
        }
        if (!added && !MISTAKE.equals("noremove")) list.add(b);
    }

    static List<char[]> generateMove(char[] b) {
        List<char[]> list = new ArrayList<>();
        for (int i = 0; i < b.length; i++) {
            if (b[i] != 'W') continue;
            for (int j : neighbors(i)) {
                if (b[j] != 'x') continue;
                char[] nb = moved(b, i, j);
                if (closeMill(j, nb)) generateRemove(nb, list);
                else list.add(nb);
            }
        }
        return list;
    }

    static List<char[]> generateHopping(char[] b) {
        List<char[]> list = new ArrayList<>();
        for (int a = 0; a < b.length; a++) {
            if (b[a] != 'W') continue;
            for (int c = 0; c < b.length; c++) {
                if (b[c] != 'x') continue;
                char[] nb = moved(b, a, c);
                if (closeMill(c, nb)) generateRemove(nb, list);
                else list.add(nb);
            }
        }
        return list;
    }

    static int count(char[] b, char c) {
        int n = 0;
        for (char x : b) if (x == c) n++;
        return n;
    }

    public static List<char[]> whiteMoves(char[] b) {
        if (count(b, 'W') == 3) return generateHopping(b);
        return generateMove(b);
    }

    public static char[] swap(char[] b) {
        char[] t = new char[b.length];
        for (int i = 0; i < b.length; i++) t[i] = b[i] == 'W' ? 'B' : b[i] == 'B' ? 'W' : b[i];
        return t;
    }

    public static List<char[]> blackMoves(char[] b) {
        List<char[]> list = whiteMoves(swap(b));
        for (int i = 0; i < list.size(); i++) list.set(i, swap(list.get(i)));
        return list;
    }

    public static int staticEstimation(char[] b) {
        evaluated++;
        int white = count(b, 'W');
        int black = count(b, 'B');
        int blackMoves = blackMoves(b).size();
        if (black <= 2) return 10000;
        if (white <= 2) return -10000;
        if (blackMoves == 0) return 10000;
        return 1000 * (white - black) - blackMoves;
    }

    public static char[] readBoard(String name) throws IOException {
        return new String(Files.readAllBytes(Paths.get(name))).trim().toCharArray();
    }

    public static void writeBoard(String name, char[] board) throws IOException {
        Files.write(Paths.get(name), (new String(board) + "\n").getBytes());
    }

    // depthArg is DEPTH as given, or the depth the student kept after testing.
    public static int depthArg(String s) {
        if (MISTAKE.equals("nodepth")) return 3;
        return Integer.parseInt(s);
    }

    public static void print(char[] board, int estimate) {
        System.out.println("Board Position: " + new String(board));
        if (MISTAKE.equals("period")) System.out.println("Positions evaluated by static estimation: " + evaluated);
        else System.out.println("Positions evaluated by static estimation: " + evaluated + ".");
        if (MISTAKE.equals("wording")) System.out.println("MINIMAX Estimate: " + estimate + ".");
        else System.out.println("MINIMAX estimate: " + estimate + ".");
    }
}
