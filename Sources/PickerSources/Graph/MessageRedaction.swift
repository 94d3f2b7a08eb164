import FoundationEssentials
import Glibc
import PickerStore

/// How text that came from a service, and URLs, are shown in messages: every occurrence of the
/// session token cut out, as written and percent-encoded, wherever it is (a path, a parameter,
/// a fragment, an error message), and at most ``limit`` characters of each text kept.
///
/// Tokens shorter than 8 characters, which no service issues, are left in, lest every letter
/// they hold be cut from the message.
package struct MessageRedaction: Sendable {
    /// The most characters of one text from a service, or of one URL, that a message shows.
    static let limit = 300
    /// What stands in for the token.
    static let mark = "REDACTED"
    /// The token as it may be written: as it is, and percent-encoded with upper- and lower-case
    /// digits; the longest first.
    private let forms: [String]

    package init(token: String) {
        self.init(secrets: [token])
    }

    /// A redaction of every one of `secrets` (a token, a device code, a client's id).
    package init(secrets: [String]) {
        let forms = secrets.filter { $0.count >= 8 }.flatMap { secret in
            let encoded = HTTPRequest.formEncoded(secret)
            return [secret, encoded, encoded.lowercasedPercentEscapes]
        }
        self.forms = Array(Set(forms)).sorted { $0.count > $1.count }
    }

    /// `text` with every occurrence of the token replaced by `REDACTED`.
    func redacted(_ text: String) -> String {
        forms.reduce(text) { $0.replacing($1, with: Self.mark) }
    }

    /// `text` redacted, then cut to ``limit`` characters (Unicode scalars) with `…` after.
    func shown(_ text: String) -> String {
        let redacted = redacted(text)
        let scalars = redacted.unicodeScalars
        guard scalars.count > Self.limit else { return redacted }
        var cut = String(String.UnicodeScalarView(scalars.prefix(Self.limit)))
        cut += "…"
        return cut
    }

    /// `url` as messages show it: `access_token` values, user and password left out (see
    /// ``GraphEndpoint/redacted(_:)``), the token cut out, at most ``limit`` characters.
    func shown(_ url: URL) -> String {
        shown(GraphEndpoint.redacted(url))
    }
}

extension String {
    /// This text with the hexadecimal digits of its `%XX` escapes in lower case.
    fileprivate var lowercasedPercentEscapes: String {
        var result = ""
        var digitsLeft = 0
        for scalar in unicodeScalars {
            if digitsLeft > 0 {
                result += String(scalar).lowercased()
                digitsLeft -= 1
            } else {
                result.unicodeScalars.append(scalar)
                if scalar == "%" { digitsLeft = 2 }
            }
        }
        return result
    }
}
