// A hostile ABGame submission in Java for the sandbox tests (pkg/check's
// hostile_test.go): the attacks that attack.txt names, as ABGame.py tries
// them, each printing "ATTACK name: outcome" on stdout.
import java.io.*;
import java.nio.file.*;
import java.util.*;

public class ABGame {
    static Map<String, List<String>> t = new HashMap<>();

    static void say(String name, String outcome) {
        System.out.println("ATTACK " + name + ": " + outcome);
    }

    static List<String> get(String key) {
        return t.getOrDefault(key, new ArrayList<>());
    }

    static void read(String name, List<String> paths) {
        String err = "no path";
        for (String p : paths) {
            try {
                byte[] data = Files.readAllBytes(Paths.get(p));
                say(name, "read " + p + ": " + new String(data, 0, Math.min(60, data.length)));
                return;
            } catch (IOException | SecurityException e) {
                err = e.toString();
            }
        }
        say(name, "blocked: " + err);
    }

    static void write(String name, List<String> paths, String data) {
        String err = "no path";
        for (String p : paths) {
            try {
                Files.write(Paths.get(p), data.getBytes());
                say(name, "wrote " + p);
                return;
            } catch (IOException | SecurityException e) {
                err = e.toString();
            }
        }
        say(name, "blocked: " + err);
    }

    static void proc(String name) {
        int others = 0;
        String first = "";
        File[] entries = new File("/proc").listFiles();
        long self = ProcessHandle.current().pid();
        for (File e : entries == null ? new File[0] : entries) {
            String pid = e.getName();
            if (!pid.matches("[0-9]+") || Long.parseLong(pid) == self) continue;
            others++;
            try (InputStream in = new FileInputStream("/proc/" + pid + "/exe")) {
                byte[] magic = new byte[4];
                if (in.read(magic) == 4 && magic[0] == 0x7f && magic[1] == 'E') {
                    say(name, "read the executable of process " + pid);
                    return;
                }
            } catch (IOException ex) {
                if (first.isEmpty()) first = pid + ": " + ex.getMessage();
            }
        }
        say(name, "blocked: " + others + " other processes visible (" + first + ")");
    }

    static void uid(String name) throws IOException {
        String caps = "?";
        String uid = "?";
        for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
            if (line.startsWith("CapEff:")) caps = line.substring(7).trim();
            if (line.startsWith("Uid:")) uid = line.substring(4).trim().split("\\s+")[0];
        }
        say(name, "uid " + uid + ", effective capabilities " + caps);
    }

    public static void main(String[] args) throws IOException {
        for (String line : Files.readAllLines(Paths.get("attack.txt"))) {
            int eq = line.indexOf('=');
            if (eq >= 0) t.computeIfAbsent(line.substring(0, eq), k -> new ArrayList<>()).add(line.substring(eq + 1));
        }
        for (String a : get("attack")) {
            switch (a) {
                case "secret": read(a, get("secret")); break;
                case "read-other": read(a, get("other")); break;
                case "write-other": write(a, get("other"), "class X {}\n"); break;
                case "proc": proc(a); break;
                case "uid": uid(a); break;
                default: break;
            }
        }
        if (args.length > 1) Files.write(Paths.get(args[1]), "x\n".getBytes());
    }
}
