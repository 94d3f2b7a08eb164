import FoundationEssentials
import Glibc
import PickerKit

// A closed pipe on standard output is an EPIPE to handle, not a signal that kills.
signal(SIGPIPE, SIG_IGN)
exit(
    PickerCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
