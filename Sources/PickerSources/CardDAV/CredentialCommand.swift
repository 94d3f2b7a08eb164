import Glibc
import PickerStore

/// A command that prints a password (`--password-command`, `PICKER_PASSWORD_COMMAND`) or an
/// OAuth bearer token (`--bearer-command`, `PICKER_BEARER_COMMAND`), run by `sh -c` as aerc
/// runs its `carddav-source-cred-cmd` and mutt its `imap_oauth_refresh_command`: the first
/// line of its output is the credential. Its standard input and error are picker's (a `pass`
/// or `gpg` prompt reaches the terminal); its output is read through a pipe to its end, the
/// first ``maximumOutput`` bytes kept, and never shown: messages say only that it failed and
/// how.
package struct CredentialCommand: Hashable, Sendable {
    /// The command line, given to `sh -c`.
    package let command: String
    /// The option that gave it, which messages name.
    package let option: String
    /// What it prints, which messages name: `password`, `token`.
    package let printed: String

    /// The most bytes of output read.
    static let maximumOutput = 64 << 10

    package init(_ command: String, option: String = "--password-command", printed: String = "password") {
        self.command = command
        self.option = option
        self.printed = printed
    }

    /// Runs the command and returns the first line of its output, without its line end.
    /// - Throws: ``SourceError`` naming ``option`` when it cannot be started, exits with a
    ///   status other than 0 or by a signal, or prints an empty first line.
    package func credential() throws(SourceError) -> String {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw failure("cannot be run (\(reason(errno)))") }
        // Neither end is left open in another child picker starts.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        let arguments = ["sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, nil, &argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw failure("cannot be run (\(reason(spawned)))")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Read to the end (what passes the limit is dropped), so that the command is never
        // stopped by a closed pipe.
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += buffer[0..<min(count, max(0, Self.maximumOutput - output.count))]
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        guard exited else { throw failure("was ended by signal \(status & 0x7F)") }
        let code = (status >> 8) & 0xFF
        guard code == 0 else { throw failure("exited with status \(code)") }
        var line = output.prefix { $0 != 0x0A }
        if line.last == 0x0D { line = line.dropLast() }
        guard !line.isEmpty, let credential = Array(line).withUnsafeBufferPointer({ UTF8Text.string($0) }) else {
            throw failure("printed no \(printed) on its first line")
        }
        return credential
    }

    private func failure(_ problem: String) -> SourceError {
        SourceError(source: option, problem: problem)
    }

    private func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}
