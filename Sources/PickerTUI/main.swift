import FoundationEssentials
import Glibc
import PickerKit

// A closed pipe on standard output is an EPIPE to handle, not a signal that kills.
signal(SIGPIPE, SIG_IGN)
let status = PickerCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
// A source's thread may still be loading (the picker closed before its list was whole, or never
// opened): the libraries' exit handlers would tear down what that thread is using (OpenSSL's
// cleanup under a digest in progress crashed the process after its last word), so the process
// leaves without them, its buffered output written first.
fflush(nil)
_exit(status)
