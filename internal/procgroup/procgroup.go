// Package procgroup kills a child process together with everything it
// started: on Unix the child leads a new process group, on Windows it is
// put into a kill-on-close job object. The MiniChess runner and the
// autograder (pkg/check) use it so that a timed-out program cannot leave a
// grandchild behind.
//
// Use: New(cmd) before cmd.Start, Started after it, then Terminate (a polite
// request on Unix), Kill and finally Release.
package procgroup
