import Glibc

/// The program the bench runs on a terminal, while it may still run, so that a signal that
/// ends the bench ends it too; 0 when there is none.
nonisolated(unsafe) private var runningChild: pid_t = 0

/// SIGINT, SIGTERM and SIGHUP kill the program the bench runs, then end the bench.
enum ChildOnSignals {
    /// Kills `pid` (0: nobody) when a signal ends the bench.
    static func end(_ pid: pid_t) {
        runningChild = pid
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            if runningChild > 0 { kill(runningChild, SIGKILL) }
            _exit(128 + signal)
        }
        sigemptyset(&action.sa_mask)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaction(signal, &action, nil) }
    }
}
