import Glibc
import PickerSources
import PickerStore

/// Stops the whole job (the picker and what its output is piped into) as Ctrl-Z does in a
/// shell, so the shell sees it stopped and gives its prompt back; returns once it is continued
/// (`fg`). The picker's own SIGTSTP handler is put back afterwards.
func stopTheJob() {
    var handler = sigaction()
    sigaction(SIGTSTP, nil, &handler)
    var stop = sigaction()
    stop.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&stop.sa_mask)
    sigaction(SIGTSTP, &stop, nil)
    kill(0, SIGTSTP)
    // Here again after SIGCONT.
    sigaction(SIGTSTP, &handler, nil)
}
