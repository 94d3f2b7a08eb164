import Foundation
import XCTest

/// Runs `executable` with `arguments` (see ``runCommand``) in a private mount namespace
/// (`unshare -m`) where each path of `hidden` is covered by an empty file or directory, as if
/// it were gone; the rest of the system is as it is. Needs root, as the tests have here and in
/// CI; skips the test otherwise.
func runHiding(
    _ hidden: [String], _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
    timeout: TimeInterval = 10
) throws -> CommandResult {
    guard getuid() == 0 else { throw XCTSkip("hiding files needs root (unshare -m)") }
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("picker-empty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let emptyFile = empty.appendingPathComponent("file")
    try Data().write(to: emptyFile)
    let emptyDirectory = empty.appendingPathComponent("directory")
    try FileManager.default.createDirectory(at: emptyDirectory, withIntermediateDirectories: true)
    var script = ""
    for path in hidden {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
        let cover = isDirectory.boolValue ? emptyDirectory : emptyFile
        script += "mount --bind \(shellQuoted(cover.path)) \(shellQuoted(path)) || exit 125; "
    }
    script += #"exec "$0" "$@""#
    return try runCommand(
        URL(fileURLWithPath: "/usr/bin/unshare"), ["-m", "/bin/sh", "-c", script, executable] + arguments,
        environment: environment, timeout: timeout)
}
