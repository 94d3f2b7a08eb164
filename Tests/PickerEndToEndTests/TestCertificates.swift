import Foundation
import PickerTestSupport
import XCTest

/// A private certificate authority and a server certificate it signed, for `localhost`,
/// `picker.localhost`, `127.0.0.1` and `::1`, made with `openssl` once per test run.
struct TestCertificates: Sendable {
    /// The authority's certificate (PEM).
    let authority: String
    /// A directory holding the authority's certificate under its hash (`openssl rehash`).
    let authorityDirectory: String
    /// The server's certificate and key (PEM).
    let certificate: String
    let key: String

    /// The certificates of this test run, made on first use.
    static func shared() throws -> TestCertificates {
        try made.get()
    }

    private static let made = Result { () throws -> TestCertificates in
        let directory = TemporaryFolder.root.appendingPathComponent("picker-tls-\(UUID().uuidString)")
        let authorityDirectory = directory.appendingPathComponent("authorities")
        try FileManager.default.createDirectory(at: authorityDirectory, withIntermediateDirectories: true)
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try Data(
            "subjectAltName=DNS:localhost,DNS:picker.localhost,IP:127.0.0.1,IP:::1\nbasicConstraints=CA:FALSE\n".utf8
        ).write(to: URL(fileURLWithPath: path("extensions")))
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let steps = [
            ["req", "-x509"] + key + ["-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2"]
                + ["-subj", "/CN=picker test authority"],
            ["req"] + key + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=localhost"],
            ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key")]
                + ["-CAcreateserial", "-out", path("server.pem"), "-days", "2", "-extfile", path("extensions")],
        ]
        for arguments in steps {
            let result = try runCommand(URL(fileURLWithPath: "/usr/bin/openssl"), arguments)
            guard result.status == 0 else { throw HarnessError("openssl \(arguments[0]): \(result.standardError)") }
        }
        try FileManager.default.copyItem(
            atPath: path("ca.pem"), toPath: authorityDirectory.appendingPathComponent("ca.pem").path)
        let rehash = try runCommand(URL(fileURLWithPath: "/usr/bin/openssl"), ["rehash", authorityDirectory.path])
        guard rehash.status == 0 else { throw HarnessError("openssl rehash: \(rehash.standardError)") }
        return TestCertificates(
            authority: path("ca.pem"), authorityDirectory: authorityDirectory.path, certificate: path("server.pem"),
            key: path("server.key"))
    }
}
