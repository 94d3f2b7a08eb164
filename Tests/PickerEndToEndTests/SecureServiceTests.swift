import Foundation
import XCTest

/// An https source signed by a private certificate authority: refused until the authority is
/// trusted the way curl and OpenSSL users trust one, and reached through a proxy only in a
/// `CONNECT` tunnel.
final class SecureServiceTests: GraphTestCase {
    override var tls: (certificate: String, key: String)? {
        (try? TestCertificates.shared()).map { ($0.certificate, $0.key) }
    }

    private func secureURL(host: String = "127.0.0.1") throws -> String {
        try graph().url("pages", scheme: "https", host: host, port: try graph().tlsPort)
    }

    func testAPrivateAuthorityIsRefusedUntilTheEnvironmentTrustsIt() throws {
        let certificates = try TestCertificates.shared()
        let untrusted = try filterAll(try secureURL())
        XCTAssertEqual(untrusted.status, 2)
        XCTAssertTrue(untrusted.standardError.contains("the secure connection failed"), untrusted.standardError)
        XCTAssertTrue(untrusted.standardError.contains("SSL_CERT_FILE"), "the message says how to trust one")
        XCTAssertEqual(try graph().requests().count, 0, "no request reached the service")

        for (variable, value) in [
            ("SSL_CERT_FILE", certificates.authority), ("CURL_CA_BUNDLE", certificates.authority),
            ("SSL_CERT_DIR", certificates.authorityDirectory),
        ] {
            let result = try filterAll(try secureURL(), environment: [variable: value])
            XCTAssertEqual(result.status, 0, "\(variable): \(result.standardError)")
            XCTAssertEqual(result.output, "9001\n9002\n9003\n9004\n9005\n", variable)
        }
        let missing = try filterAll(try secureURL(), environment: ["SSL_CERT_FILE": "/nonexistent/ca.pem"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.standardError.contains("SSL_CERT_FILE=/nonexistent/ca.pem"), missing.standardError)
    }

    func testAnHTTPSSourceGoesThroughAProxyOnlyInsideATunnel() throws {
        let certificates = try TestCertificates.shared()
        let proxy = "http://127.0.0.1:\(try graph().proxyPort)"
        // `picker.localhost` is not loopback to the picker, so the proxy is used; the proxy
        // sends its tunnel to 127.0.0.1.
        let result = try filterAll(
            try secureURL(host: "picker.localhost"),
            environment: ["https_proxy": proxy, "SSL_CERT_FILE": certificates.authority])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.output, "9001\n9002\n9003\n9004\n9005\n")
        // The proxy logs a tunnel once both sides have closed it, which may be just after the
        // picker exits.
        let deadline = Date().addingTimeInterval(5)
        var connections = try graph().proxyConnections()
        while connections.isEmpty && Date() < deadline {
            usleep(20_000)
            connections = try graph().proxyConnections()
        }
        XCTAssertFalse(connections.isEmpty)
        for connection in connections {
            XCTAssertTrue(connection.firstLine.hasPrefix("CONNECT picker.localhost:"), connection.firstLine)
            let seen = String(decoding: connection.bytes, as: UTF8.self)
            XCTAssertFalse(seen.contains(Self.token), "the proxy never sees the token")
            XCTAssertFalse(seen.contains("Authorization"), "nor any header of the request")
        }
    }
}
