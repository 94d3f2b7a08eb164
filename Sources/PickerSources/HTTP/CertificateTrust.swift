import PickerStore

/// The certificate authorities an `https` source is checked against: the system's
/// (`/etc/ssl/certs`), or those the environment names, as curl and OpenSSL users expect.
///
/// `CURL_CA_BUNDLE`, else `SSL_CERT_FILE`, names a file of PEM certificates that replaces the
/// system's bundle; `SSL_CERT_DIR` names a directory of hashed certificates (`openssl rehash`)
/// trusted as well.
package struct CertificateTrust: Hashable, Sendable {
    /// A file of PEM certificates that replaces the system's bundle.
    var file: String?
    /// The variable that named ``file``, for messages.
    var fileVariable = ""
    /// A directory of certificates named by their hashes.
    var directory: String?

    /// The trust `environment` asks for; empty variables are ignored.
    init(environment: [String: String]) {
        func named(_ variable: String) -> String? {
            environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        }
        for variable in ["CURL_CA_BUNDLE", "SSL_CERT_FILE"] {
            if let path = named(variable) {
                file = path
                fileVariable = variable
                break
            }
        }
        directory = named("SSL_CERT_DIR")
    }

    /// The variables that change the trust, and what each does, for the documentation.
    package static let variables: [(name: String, meaning: String)] = [
        ("SSL_CERT_FILE", "a file of PEM certificate authorities trusted for https instead of the system's"),
        ("SSL_CERT_DIR", "a directory of certificate authorities (named by openssl rehash) trusted for https as well"),
        ("CURL_CA_BUNDLE", "as SSL_CERT_FILE, and read first"),
    ]
}
