// A hostile ABGame submission in C++ for the sandbox tests (pkg/check's
// hostile_test.go): the attacks that attack.txt names, as ABGame.py tries
// them, each printing "ATTACK name: outcome" on stdout.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>
using namespace std;

static map<string, vector<string>> t;

static void say(const string &name, const string &outcome) {
    cout << "ATTACK " << name << ": " << outcome << endl;
}

static void readFile(const string &name, const vector<string> &paths) {
    string err = "no path";
    for (const string &p : paths) {
        FILE *f = fopen(p.c_str(), "rb");
        if (!f) { err = strerror(errno); continue; }
        char buf[61] = {0};
        size_t n = fread(buf, 1, 60, f);
        fclose(f);
        return say(name, "read " + p + ": " + string(buf, n));
    }
    say(name, "blocked: " + err);
}

static void writeFile(const string &name, const vector<string> &paths, const string &data) {
    string err = "no path";
    for (const string &p : paths) {
        FILE *f = fopen(p.c_str(), "w");
        if (!f) { err = strerror(errno); continue; }
        fputs(data.c_str(), f);
        fclose(f);
        return say(name, "wrote " + p);
    }
    say(name, "blocked: " + err);
}

static void proc(const string &name) {
    DIR *d = opendir("/proc");
    int others = 0;
    string first;
    for (dirent *e; d && (e = readdir(d));) {
        string pid = e->d_name;
        if (pid.empty() || !isdigit(pid[0]) || stoi(pid) == getpid()) continue;
        others++;
        FILE *f = fopen(("/proc/" + pid + "/exe").c_str(), "rb");
        if (!f) { if (first.empty()) first = pid + ": " + strerror(errno); continue; }
        char magic[4] = {0};
        size_t n = fread(magic, 1, 4, f);
        fclose(f);
        if (n == 4 && memcmp(magic, "\x7f" "ELF", 4) == 0) {
            closedir(d);
            return say(name, "read the executable of process " + pid);
        }
    }
    if (d) closedir(d);
    say(name, "blocked: " + to_string(others) + " other processes visible (" + first + ")");
}

static void linger(const string &name) {
    if (fork() == 0) {
        setpgid(0, 0);
        if (fork() == 0) {
            sleep(1);
            for (const string &p : t["results"]) {
                FILE *f = fopen(p.c_str(), "w");
                if (f) { fputs("HACKED\n", f); fclose(f); }
            }
            execlp("sleep", "sleep", t["marker"][0].c_str(), (char *)nullptr);
            _exit(0);
        }
        _exit(0);
    }
    wait(nullptr);
    say(name, "left a grandchild behind");
}

static void uid(const string &name) {
    ifstream f("/proc/self/status");
    string line, caps = "?";
    while (getline(f, line))
        if (line.rfind("CapEff:", 0) == 0) caps = line.substr(line.find_first_not_of(" \t", 7));
    say(name, "uid " + to_string(getuid()) + ", effective capabilities " + caps);
}

int main(int argc, char **argv) {
    ifstream in("attack.txt");
    for (string line; getline(in, line);) {
        size_t eq = line.find('=');
        if (eq != string::npos) t[line.substr(0, eq)].push_back(line.substr(eq + 1));
    }
    for (const string &a : t["attack"]) {
        if (a == "secret") readFile(a, t["secret"]);
        else if (a == "read-other") readFile(a, t["other"]);
        else if (a == "write-other") writeFile(a, t["other"], "int main() { return 1; }\n");
        else if (a == "proc") proc(a);
        else if (a == "linger") linger(a);
        else if (a == "uid") uid(a);
    }
    if (argc > 2) ofstream(argv[2]) << "x\n";
    return 0;
}
