import Foundation
import Glibc
import PickerTestSupport
import XCTest

/// A real CardDAV server on a free loopback port, started for one test and stopped with it:
/// Radicale (htpasswd Basic auth, user `alice`, password `secret`; its address book
/// `/alice/contacts/` seeded by writing files into its storage folder, as 2,000 PUTs would take
/// minutes) or Xandikos (no auth; principal `/user/`, book `/user/contacts/`; seeded by PUT).
/// A test is skipped where the server is not installed (`.ci/run` installs both from PyPI).
final class CardDAVServer: @unchecked Sendable {
    enum Kind: String {
        case radicale
        case xandikos
    }

    let kind: Kind
    let port: Int
    /// The folder of the server's data and configuration.
    let directory: URL
    private var pid: pid_t

    /// The user and password of Radicale's account.
    static let user = "alice"
    static let password = "secret"

    /// Starts `kind` on a free port of 127.0.0.1.
    init(_ kind: Kind) throws {
        guard Self.isInstalled(kind) else {
            throw XCTSkip("\(kind.rawValue) is not installed (pip install \(kind.rawValue))")
        }
        self.kind = kind
        directory = try TemporaryFolder.make("picker-\(kind.rawValue)")
        port = try Self.freePort()
        pid = 0
        try start()
    }

    deinit { stop() }

    /// The address book's path on the server.
    var bookPath: String { kind == .radicale ? "/alice/contacts/" : "/user/contacts/" }

    /// The source URL of the server: `carddav://[alice@]127.0.0.1:PORT` and `path`.
    func source(path: String = "/", withUser: Bool = true) -> String {
        let user = kind == .radicale && withUser ? "\(Self.user)@" : ""
        return "carddav://\(user)127.0.0.1:\(port)\(path)"
    }

    /// The text of a card of `name`, with the id `uid`.
    static func card(uid: String, name: String, email: String? = nil) -> String {
        let address = email.map { "EMAIL:\($0)\r\n" } ?? ""
        return "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\n\(address)END:VCARD\r\n"
    }

    /// Puts the cards `cards` (by uid) into the address book (with Radicale, the one named
    /// `book`): into Radicale's storage folder directly, or by PUT into Xandikos.
    func seed(_ cards: [(uid: String, name: String)], book name: String = "contacts") throws {
        switch kind {
        case .radicale:
            let book = directory.appendingPathComponent("collections/collection-root/alice/\(name)")
            try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
            try Data(#"{"D:displayname": "Contacts", "tag": "VADDRESSBOOK"}"#.utf8).write(
                to: book.appendingPathComponent(".Radicale.props"))
            for card in cards {
                try Data(Self.card(uid: card.uid, name: card.name).utf8).write(
                    to: book.appendingPathComponent("\(card.uid).vcf"))
            }
        case .xandikos:
            for card in cards { try put(uid: card.uid, name: card.name) }
        }
    }

    /// PUTs a card as a client would.
    func put(uid: String, name: String) throws {
        let card = TemporaryFolder.root.appendingPathComponent("card-\(UUID().uuidString).vcf")
        try Data(Self.card(uid: uid, name: name).utf8).write(to: card)
        defer { try? FileManager.default.removeItem(at: card) }
        try curl(["-X", "PUT", "-H", "Content-Type: text/vcard", "--data-binary", "@" + card.path, url(uid)])
    }

    /// DELETEs a card as a client would.
    func delete(uid: String) throws {
        try curl(["-X", "DELETE", url(uid)])
    }

    /// DELETEs the collection at `path` as a client would.
    func deleteCollection(_ path: String) throws {
        try curl(["-X", "DELETE", "http://127.0.0.1:\(port)\(path)"])
    }

    /// Makes the server forget the sync tokens it gave (Radicale keeps them in its cache
    /// folder), as a server that was restored or reset would.
    func forgetSyncTokens() throws {
        let cache = directory.appendingPathComponent("collections/collection-root/alice/contacts/.Radicale.cache")
        try FileManager.default.removeItem(at: cache)
    }

    private func url(_ uid: String) -> String { "http://127.0.0.1:\(port)\(bookPath)\(uid).vcf" }

    private func curl(_ arguments: [String]) throws {
        let user = kind == .radicale ? ["-u", "\(Self.user):\(Self.password)"] : []
        let result = try runCommand(
            URL(fileURLWithPath: "/usr/bin/curl"),
            ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "-f"] + user + arguments)
        guard result.status == 0 else {
            throw HarnessError("curl \(arguments): \(result.output) \(result.standardError)")
        }
    }

    private func start() throws {
        let arguments: [String]
        switch kind {
        case .radicale:
            let config = """
                [server]
                hosts = 127.0.0.1:\(port)
                [auth]
                type = htpasswd
                htpasswd_filename = \(directory.path)/users
                htpasswd_encryption = plain
                [storage]
                filesystem_folder = \(directory.path)/collections
                [logging]
                level = warning
                """
            try Data(config.utf8).write(to: directory.appendingPathComponent("config"))
            try Data("\(Self.user):\(Self.password)\n".utf8).write(to: directory.appendingPathComponent("users"))
            arguments = ["radicale", "--config", directory.appendingPathComponent("config").path]
        case .xandikos:
            arguments = [
                "xandikos", "--defaults", "-d", directory.appendingPathComponent("data").path, "-l", "127.0.0.1", "-p",
                String(port),
            ]
        }
        pid = try spawnProcess(
            URL(fileURLWithPath: "/usr/bin/env"), arguments, standardInput: .file("/dev/null"),
            standardOutput: directory.appendingPathComponent("stdout").path,
            standardError: directory.appendingPathComponent("stderr").path)
        let deadline = Date().addingTimeInterval(20)
        while !Self.isListening(port) {
            if Date() > deadline {
                let log = (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
                stop()
                throw HarnessError("\(kind.rawValue) did not start: \(log)")
            }
            usleep(50_000)
        }
    }

    /// Stops the server (a run then finds no one at its port).
    func stop() {
        guard pid > 0 else { return }
        Glibc.kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        pid = 0
    }

    private static func isInstalled(_ kind: Kind) -> Bool {
        (try? runCommand(URL(fileURLWithPath: "/usr/bin/env"), ["sh", "-c", "command -v \(kind.rawValue)"]))?.status
            == 0
    }

    /// A port of 127.0.0.1 no one listens on now.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else { throw HarnessError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func isListening(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
