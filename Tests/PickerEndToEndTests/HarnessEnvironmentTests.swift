import Foundation
import PickerTestSupport
import XCTest

/// The harness keeps every picker under test away from the developer's own files: its friend
/// cache, picks and stored session are in the test's temporary directory, in tmux as without a
/// terminal.
final class HarnessEnvironmentTests: GraphTestCase {
    func testInTmuxTheXDGDirectoriesAreTheSessionsOwn() throws {
        let session = killedAtTheEnd(try TmuxSession(arguments: [], program: ["/usr/bin/env"]))
        let output = try session.assertExit(0).output
        let variables = output.split(separator: "\n").map(String.init)
        for (variable, folder) in [
            ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config"),
        ] {
            XCTAssertTrue(
                variables.contains("\(variable)=\(session.directory.appendingPathComponent(folder).path)"), output)
        }
        XCTAssertFalse(variables.contains { $0.hasPrefix("PICKER_") }, output)
    }

    func testWithoutATerminalTheStoredSessionIsTheTestsOwn() throws {
        let keeping = TemporaryFolder.root.appendingPathComponent("harness-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: keeping) }
        let folder = keeping.appendingPathComponent("config/picker")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let session = folder.appendingPathComponent("session")
        let stored: [String: Any] = [
            "access_token": "tok-HARNESS-1234", "origin": "http://127.0.0.1:\(try graph().port)",
            "flow": "rfc8628", "obtained_at": Date().timeIntervalSince1970,
        ]
        try JSONSerialization.data(withJSONObject: stored).write(to: session)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: session.path)
        let result = try runPicker(
            ["--source", try graph().url("pages"), "--filter", "", "--format", "ids"],
            environment: Self.networkVariablesUnset, keepingIn: keeping)
        assertExit(result, 0, output: "9001\n9002\n9003\n9004\n9005\n", "the session stored in XDG_CONFIG_HOME is used")
        let authorizations = try graph().requests().compactMap(\.authorization)
        XCTAssertEqual(Set(authorizations), ["Bearer tok-HARNESS-1234"])
    }
}
