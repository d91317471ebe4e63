# A hostile ABGame submission for the sandbox tests (pkg/check's
# hostile_test.go): it knows gamesearch's source and tries, one by one, the
# attacks that attack.txt (in its folder) names, each with the host paths
# the test wrote there. Each attack prints one line "ATTACK name: outcome"
# on stdout ("blocked: ..." when it failed); the answer it gives is then
# wrong, so the report shows the lines.
import os
import signal
import sys
import time


def targets():
    out = {}
    with open("attack.txt") as f:
        for line in f:
            key, _, value = line.strip().partition("=")
            out.setdefault(key, []).append(value)
    return out


def say(name, outcome):
    print("ATTACK %s: %s" % (name, outcome))
    sys.stdout.flush()


def read(name, paths):
    # Attacks 1 and 6: print a file the grader hides (the hidden cases,
    # another student's source).
    for p in paths:
        try:
            with open(p, "rb") as f:
                data = f.read(200)
            return say(name, "read %s: %r" % (p, data[:60]))
        except OSError as e:
            err = e
    say(name, "blocked: %s" % err)


def proc(name):
    # Attack 2: the grader's executable through /proc.
    seen = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open("/proc/%s/exe" % pid, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    return say(name, "read the executable of process %s" % pid)
        except OSError as e:
            seen.append("%s: %s" % (pid, e.strerror))
    say(name, "blocked: %d other processes visible (%s)" % (len(seen), ", ".join(seen[:3])))


def cmdline(name):
    # Attack 2 and 5: the paths on the grader's command line.
    for pid in os.listdir("/proc"):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                cmd = f.read().replace(b"\0", b" ")
            if b" grade " in cmd:
                return say(name, "read the grader's command line: %r" % cmd[:80])
        except OSError:
            pass
    say(name, "blocked: no grader among the processes visible")


def write(name, paths, data):
    # Attacks 3, 5 and 8: write where only the grader may (results.json,
    # another student's file, the gradebook's folder).
    for p in paths:
        try:
            with open(p, "w") as f:
                f.write(data)
            return say(name, "wrote %s" % p)
        except OSError as e:
            err = e
    say(name, "blocked: %s" % err)


def plant(name):
    # Attack 7: the run folder links to the submission's own copy
    # (WORK/N/src/ABGame.py); plant a run.sh in the folders of the students
    # graded after it.
    try:
        src = os.path.dirname(os.readlink("ABGame.py"))
        work = os.path.dirname(os.path.dirname(src))
        n = int(os.path.basename(os.path.dirname(src)))
        for k in range(n + 1, n + 20):
            d = os.path.join(work, str(k), "src")
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "run.sh"), "w") as f:
                f.write("echo planted\n")
        say(name, "planted run.sh beside %s" % src)
    except (OSError, ValueError) as e:
        say(name, "blocked: %s" % e)


def kill_grader(name):
    # Attack 3: end the grader after writing its results.
    killed = []
    pid = os.getppid()
    while pid > 1:
        try:
            with open("/proc/%d/stat" % pid) as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        except (OSError, ValueError):
            break
        pid = ppid
    say(name, "killed %s" % killed if killed else "blocked: no ancestor to kill")


def linger(name, paths, marker):
    # Attack 4: leave a grandchild in a group of its own that outlives the
    # grader and rewrites its results afterwards.
    if os.fork() == 0:
        os.setpgid(0, 0)
        if os.fork() == 0:
            time.sleep(1.5)
            for p in paths:
                try:
                    with open(p, "w") as f:
                        f.write("HACKED\n")
                except OSError:
                    pass
            os.execvp("sleep", ["sleep", marker])
        os._exit(0)
    os.wait()
    say(name, "left a grandchild behind")


def environ(name):
    # The grader's environment: a token, a password.
    found = [k for k in os.environ if "SECRET" in k]
    say(name, "found %s" % found if found else "blocked: %d variables, none secret" % len(os.environ))


def uid(name):
    # Attack 12: who runs the student's code.
    caps = "?"
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("CapEff:"):
                caps = line.split()[1]
    say(name, "uid %d, effective capabilities %s" % (os.getuid(), caps))


def memory(name):
    # Attack 9: hold 2 GiB.
    held = []
    for i in range(32):
        held.append(b"x" * (64 << 20))
    say(name, "held %d MiB" % (64 * len(held)))


def procs(name):
    # Attack 9: start 300 processes (each sleeps 3 s).
    n = 0
    try:
        for n in range(300):
            if os.fork() == 0:
                time.sleep(3)
                os._exit(0)
        say(name, "started 300 processes")
    except OSError as e:
        say(name, "blocked after %d processes: %s" % (n, e.strerror))


def disk(name, paths):
    # Attack 9: write 512 MiB into the run folder, then into $TMPDIR.
    block = b"x" * (1 << 20)
    for p in paths:
        try:
            with open(p, "wb") as f:
                for i in range(512):
                    f.write(block)
        except OSError as e:
            return say(name, "blocked: %s" % e)
    say(name, "wrote 512 MiB into each of %s" % paths)


def main():
    t = targets()
    for attack in t.get("attack", []):
        if attack == "secret":
            read(attack, t.get("secret", []))
        elif attack == "read-other":
            read(attack, t.get("other", []))
        elif attack == "proc":
            proc(attack)
        elif attack == "cmdline":
            cmdline(attack)
        elif attack == "write-other":
            write(attack, t.get("other", []), "print('overwritten')\n")
        elif attack == "results":
            write(attack, t.get("results", []), '{"score": 100}\n')
            kill_grader(attack)
        elif attack == "outdir":
            write(attack, t.get("outdir", []), "HACKED\n")
        elif attack == "plant":
            plant(attack)
        elif attack == "linger":
            linger(attack, t.get("results", []), t["marker"][0])
        elif attack == "uid":
            uid(attack)
        elif attack == "env":
            environ(attack)
        elif attack == "memory":
            memory(attack)
        elif attack == "procs":
            procs(attack)
        elif attack == "disk":
            disk(attack, ["fill", os.path.join(os.environ.get("TMPDIR", "/tmp"), "fill")])
    with open(sys.argv[2], "w") as f:
        f.write("x\n")


if __name__ == "__main__":
    main()
