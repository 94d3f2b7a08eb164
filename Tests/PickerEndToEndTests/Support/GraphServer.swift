import Foundation
import Glibc

/// The Graph-compatible test service (`Tests/GraphServer/graph_server.py`) on two loopback
/// ports, started for one test and stopped with it. It logs every request it gets.
final class GraphServer: Sendable {
    /// One request the service received.
    struct Request: Decodable, Sendable {
        var port: Int
        var path: String
        var authorization: String?
        var accept: String?
        var userAgent: String?
        var time: Double

        enum CodingKeys: String, CodingKey {
            case port, path, authorization, accept, time
            case userAgent = "user_agent"
        }
    }

    /// The port of the session's origin.
    let port: Int
    /// The port of another origin, where a token must never go.
    let otherPort: Int
    private let directory: URL
    private let pid: pid_t
    /// The write end of the service's standard input: closing it stops the service.
    private let lifeline: Int32

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("picker-graph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: gates(in: directory), withIntermediateDirectories: true)
        // Support/ → PickerEndToEndTests/ → Tests/, which holds GraphServer/.
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = tests.appendingPathComponent("GraphServer/graph_server.py")
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw HarnessError("cannot make a pipe") }
        let output = directory.appendingPathComponent("stdout")
        pid = try spawnProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", script.path, "--log", directory.appendingPathComponent("requests.log").path,
                "--gate-dir", gates(in: directory).path,
            ],
            standardInput: .descriptor(ends[0]), standardOutput: output.path,
            standardError: directory.appendingPathComponent("stderr").path)
        close(ends[0])
        lifeline = ends[1]
        let deadline = Date().addingTimeInterval(10)
        while true {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            let words = text.split(whereSeparator: \.isWhitespace)
            if words.count >= 3, words[0] == "PORTS", let home = Int(words[1]), let other = Int(words[2]) {
                port = home
                otherPort = other
                break
            }
            if Date() > deadline {
                Glibc.kill(pid, SIGKILL)
                throw HarnessError("the Graph test service did not start: \(text)")
            }
            usleep(20_000)
        }
    }

    /// The friends URL of `scenario` (see the service's documentation), under a key of its own.
    func url(_ scenario: String, key: String = UUID().uuidString) -> String {
        "http://127.0.0.1:\(port)/\(scenario)/\(key)/me/friends"
    }

    /// Every request received so far, oldest first.
    func requests() throws -> [Request] {
        let log = directory.appendingPathComponent("requests.log")
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// Lets the `gated` scenario under `key` serve page `page`.
    func openGate(key: String, page: Int) throws {
        try Data().write(to: gates(in: directory).appendingPathComponent("\(key)-\(page)"))
    }

    func stop() {
        close(lifeline)
        Glibc.kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: directory)
    }
}

private func gates(in directory: URL) -> URL { directory.appendingPathComponent("gates") }
