import Foundation
import Glibc
import PickerTestSupport

/// The Graph-compatible test service (`Tests/GraphServer/graph_server.py`) on two loopback
/// ports, one of `::1`, optionally one speaking TLS, and a proxy, started for one test and
/// stopped with it. It logs every request it gets, and every connection the proxy gets.
final class GraphServer: Sendable {
    /// One request the service received.
    struct Request: Decodable, Sendable {
        var port: Int
        var method: String
        var path: String
        var authorization: String?
        var accept: String?
        var acceptEncoding: String?
        var userAgent: String?
        var contentType: String?
        var body: String
        var time: Double

        enum CodingKeys: String, CodingKey {
            case port, method, path, authorization, accept, time, body
            case acceptEncoding = "accept_encoding"
            case userAgent = "user_agent"
            case contentType = "content_type"
        }
    }

    /// One connection the proxy received: its first line, and every byte the client sent.
    struct ProxyConnection: Decodable, Sendable {
        var firstLine: String
        var bytes: Data

        enum CodingKeys: String, CodingKey {
            case firstLine = "first_line"
            case bytes
        }
    }

    /// The port of the session's origin.
    let port: Int
    /// The port of another origin, where a token must never go.
    let otherPort: Int
    /// The port of the origin on `::1`.
    let ipv6Port: Int
    /// The port of the proxy.
    let proxyPort: Int
    /// The port of the origin speaking TLS, 0 without it.
    let tlsPort: Int
    private let directory: URL
    private let pid: pid_t
    /// The write end of the service's standard input: closing it stops the service.
    private let lifeline: Int32

    /// Starts the service; with `tls`, a certificate and its key (PEM files), also on a port
    /// speaking TLS.
    init(tls: (certificate: String, key: String)? = nil) throws {
        directory = TemporaryFolder.root.appendingPathComponent("picker-graph-\(UUID().uuidString)")
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
            ] + (tls.map { ["--tls-cert", $0.certificate, "--tls-key", $0.key] } ?? []),
            standardInput: .descriptor(ends[0]), standardOutput: output.path,
            standardError: directory.appendingPathComponent("stderr").path)
        close(ends[0])
        lifeline = ends[1]
        let ports = try printedPorts(5, in: output, by: pid, service: "the Graph test service")
        (port, otherPort, ipv6Port, proxyPort, tlsPort) = (ports[0], ports[1], ports[2], ports[3], ports[4])
    }

    /// The friends URL of `scenario` (see the service's documentation), under a key of its own.
    func url(_ scenario: String, key: String = UUID().uuidString) -> String {
        "http://127.0.0.1:\(port)/\(scenario)/\(key)/me/friends"
    }

    /// The friends URL of `scenario` on the origin `scheme://host:port` (the session's port by
    /// default).
    func url(_ scenario: String, scheme: String = "http", host: String, port: Int? = nil) -> String {
        "\(scheme)://\(host):\(port ?? self.port)/\(scenario)/\(UUID().uuidString)/me/friends"
    }

    /// Every request received so far, oldest first.
    func requests() throws -> [Request] { try log("requests.log") }

    /// Every connection the proxy received so far, oldest first.
    func proxyConnections() throws -> [ProxyConnection] { try log("requests.log.proxy") }

    private func log<Entry: Decodable>(_ name: String) throws -> [Entry] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else {
            return []
        }
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Entry.self, from: Data($0.utf8)) }
    }

    /// Lets the `gated` (or `held`, `revised`) scenario under `key` serve page `page`.
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
