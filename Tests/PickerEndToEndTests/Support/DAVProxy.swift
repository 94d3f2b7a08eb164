import Foundation
import Glibc
import PickerTestSupport

/// The proxy of `Tests/CardDAVServer/dav_proxy.py` in front of a ``CardDAVServer``, started for
/// one test and stopped with it: it logs every request picker makes, on two loopback ports (two
/// origins), and with a bearer token, is a server that takes only that token.
final class DAVProxy: Sendable {
    /// One request the proxy received.
    struct Request: Decodable, Equatable, Sendable {
        var port: Int
        var method: String
        var path: String
        var authorization: String?
    }

    /// The port requests are passed on from.
    let port: Int
    /// The port of another origin, which answers 404 and where no token may go.
    let otherPort: Int
    private let directory: URL
    private let pid: pid_t
    /// The write end of the proxy's standard input: closing it stops the proxy.
    private let lifeline: Int32

    /// Starts a proxy to `server`; with `bearer`, taking that token alone and passing
    /// requests on with Radicale's password; `wellKnown` as the script's `--well-known`.
    init(to server: CardDAVServer, bearer: String? = nil, wellKnown: String? = nil) throws {
        directory = try TemporaryFolder.make("picker-dav-proxy")
        // Support/ → PickerEndToEndTests/ → Tests/, which holds CardDAVServer/.
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var arguments = [
            "python3", tests.appendingPathComponent("CardDAVServer/dav_proxy.py").path, "--upstream",
            String(server.port),
            "--log", directory.appendingPathComponent("requests.log").path,
        ]
        if let bearer {
            arguments += ["--bearer", bearer, "--basic", "\(CardDAVServer.user):\(CardDAVServer.password)"]
        }
        if let wellKnown { arguments += ["--well-known", wellKnown] }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw HarnessError("cannot make a pipe") }
        let output = directory.appendingPathComponent("stdout")
        pid = try spawnProcess(
            URL(fileURLWithPath: "/usr/bin/env"), arguments, standardInput: .descriptor(ends[0]),
            standardOutput: output.path, standardError: directory.appendingPathComponent("stderr").path)
        close(ends[0])
        lifeline = ends[1]
        let ports = try printedPorts(2, in: output, by: pid, service: "the CardDAV proxy")
        (port, otherPort) = (ports[0], ports[1])
    }

    deinit {
        close(lifeline)
        Glibc.kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    /// The source URL of `path` through the proxy, with the user `user` when given.
    func source(path: String = "/", user: String? = nil) -> String {
        "carddav://\(user.map { "\($0)@" } ?? "")127.0.0.1:\(port)\(path)"
    }

    /// Every request received so far, oldest first.
    func requests() throws -> [Request] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("requests.log"), encoding: .utf8)
        else { return [] }
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }
}
