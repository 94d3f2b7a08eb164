import Foundation
import PickerTestSupport
import XCTest

/// Paths made unreachable for one command: a private mount namespace (`unshare -m`) in which
/// each path is covered by an empty file or directory, as if it were gone, or by a directory
/// of the test's, the rest of the system as it is. Needs root, as the tests have here and in
/// CI; skips the test otherwise.
///
/// Commands run in a directory of their own, not in the test's working directory (the
/// package's, under `swift test`): a mount covers a path, not the directory a process already
/// stands in, so a command started in the hidden build tree would still reach it by relative
/// paths.
struct PrivateMounts {
    /// Where the empty file and directory that cover the paths are.
    let scratch: URL
    /// Where the commands run: an empty directory in `scratch`, out of the package.
    var workingDirectory: URL { scratch.appendingPathComponent("elsewhere") }
    /// The paths to hide.
    let hidden: [String]
    /// Directories put in the place of others (the key), whose content outlives the command.
    let replaced: [String: String]

    init(hiding hidden: [String], replacing replaced: [String: String] = [:], scratch: URL) throws {
        guard getuid() == 0 else { throw XCTSkip("hiding files needs root (unshare -m)") }
        self.hidden = hidden
        self.replaced = replaced
        self.scratch = scratch
        for directory in ["directory", "elsewhere"] {
            try FileManager.default.createDirectory(
                at: scratch.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        try Data().write(to: scratch.appendingPathComponent("file"))
    }

    /// The command that runs what follows it (a program and its arguments) with the paths
    /// hidden.
    var launcher: [String] {
        var script = ""
        for path in hidden {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let cover = scratch.appendingPathComponent(isDirectory.boolValue ? "directory" : "file")
            script += "mount --bind \(shellQuoted(cover.path)) \(shellQuoted(path)) || exit 125; "
        }
        for (path, replacement) in replaced.sorted(by: { $0.key < $1.key }) {
            script += "mount --bind \(shellQuoted(replacement)) \(shellQuoted(path)) || exit 125; "
        }
        return ["/usr/bin/unshare", "-m", "/bin/sh", "-c", script + #"exec "$0" "$@""#]
    }

    /// Runs `executable` with `arguments` (see ``runCommand``) with the paths hidden, in
    /// ``workingDirectory``.
    func run(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:], timeout: TimeInterval = 10
    ) throws -> CommandResult {
        try runCommand(
            URL(fileURLWithPath: launcher[0]), Array(launcher.dropFirst()) + [executable] + arguments,
            environment: environment, workingDirectory: workingDirectory, timeout: timeout)
    }
}

extension PrivateMounts {
    /// Runs `executable` with `arguments` as ``run(_:_:environment:timeout:)`` does, but with a
    /// terminal (from `script`) as its standard input, output and error, as a user at a
    /// terminal runs it: a standard input that is not a terminal would be the picker's source.
    /// The output holds what it wrote on both, line ends as `\n`.
    func runOnTerminal(_ executable: String, _ arguments: [String], environment: [String: String?] = [:])
        throws -> CommandResult
    {
        let command = (launcher + [executable] + arguments).map(shellQuoted).joined(separator: " ")
        var result = try runCommand(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], environment: environment,
            workingDirectory: workingDirectory)
        result.standardOutput = Data(result.output.replacingOccurrences(of: "\r\n", with: "\n").utf8)
        return result
    }
}

/// Runs `executable` with `arguments` with each path of `hidden` out of reach (see
/// ``PrivateMounts``).
func runHiding(
    _ hidden: [String], _ executable: String, _ arguments: [String], environment: [String: String?] = [:]
) throws -> CommandResult {
    let scratch = TemporaryFolder.root.appendingPathComponent("picker-empty-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    return try PrivateMounts(hiding: hidden, scratch: scratch).run(executable, arguments, environment: environment)
}
