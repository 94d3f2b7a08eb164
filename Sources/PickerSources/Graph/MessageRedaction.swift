import FoundationEssentials
import Glibc
import PickerStore

/// How text that came from a service, and URLs, are shown in messages: every occurrence of a
/// secret (the session token, a device code, a client's id or token) cut out, in whatever form
/// it is written, wherever it is (a path, a parameter, a fragment, an error message), and at
/// most ``limit`` characters of each text kept.
///
/// A secret is found by its bytes, not by characters: what follows it (a combining mark, a
/// zero-width joiner, a variation selector that would join its last character into another)
/// does not hide it. Each of its bytes may be written as it is, percent-encoded (`%7C`, `%7c`,
/// and encoded twice, `%257C`) or, for a space, as `+`, each byte its own way, and its letters
/// in either case. A secret of two halves joined by `|` (Facebook's `APP_ID|CLIENT_TOKEN`, an
/// app's token) is cut out whole, and each half wherever it stands alone.
///
/// Secrets shorter than 8 characters, which no service issues, are left in, lest every letter
/// they hold be cut from the message.
package struct MessageRedaction: Sendable {
    /// The most characters of one text from a service, or of one URL, that a message shows.
    static let limit = 300
    /// What stands in for a secret.
    package static let mark = "REDACTED"
    /// The UTF-8 of each secret and of each half of one joined by `|`, letters in lower case.
    private let secrets: [[UInt8]]

    package init(token: String) {
        self.init(secrets: [token])
    }

    /// A redaction of every one of `secrets` (a token, a device code, a client's id).
    package init(secrets: [String]) {
        let whole = secrets.flatMap { secret in
            [secret] + (secret.contains("|") ? secret.split(separator: "|").map(String.init) : [])
        }
        let kept = whole.filter { $0.unicodeScalars.count >= 8 }.map { Array($0.utf8).map(UTF8Text.lowercasedASCII) }
        self.secrets = Array(Set(kept)).sorted { $0.count > $1.count }
    }

    /// `text` with every occurrence of a secret replaced by `REDACTED`.
    /// - Complexity: O(n × s) for n bytes of text and s bytes of secrets, at worst; about
    ///   O(n) when the text seldom holds a secret's first byte.
    package func redacted(_ text: String) -> String {
        redacted(text, scalarLimit: nil)
    }

    /// `text` redacted, then cut to ``limit`` characters (Unicode scalars) with `…` after.
    /// - Complexity: O(``limit`` × s) at most: the text is read only as far as is shown.
    func shown(_ text: String) -> String {
        redacted(text, scalarLimit: Self.limit)
    }

    /// `url` as messages show it: `access_token` values, user and password left out (see
    /// ``GraphEndpoint/redacted(_:)``), the secrets cut out, at most ``limit`` characters.
    func shown(_ url: URL) -> String {
        shown(GraphEndpoint.redacted(url))
    }

    /// `text` with the secrets replaced, and with `scalarLimit`, cut to that many scalars with
    /// `…` after when it is longer. A secret is replaced before the text is cut, so that no
    /// part of one is shown.
    private func redacted(_ text: String, scalarLimit: Int?) -> String {
        let limit = scalarLimit ?? Int.max
        if secrets.isEmpty && (scalarLimit == nil || text.unicodeScalars.count <= limit) { return text }
        var text = text
        let (output, scalars) = text.withUTF8 { bytes in
            var output: [UInt8] = []
            var scalars = 0
            var index = 0
            while index < bytes.count && scalars <= limit {
                if let end = secrets.lazy.compactMap({ Self.end(of: $0, in: bytes, at: index) }).max() {
                    output += Self.mark.utf8
                    scalars += Self.mark.utf8.count
                    index = end
                } else {
                    if bytes[index] & 0xC0 != 0x80 { scalars += 1 }
                    output.append(bytes[index])
                    index += 1
                }
            }
            return (output, scalars)
        }
        let shown = String(decoding: output, as: UTF8.self)
        guard scalars > limit else { return shown }
        return String(String.UnicodeScalarView(shown.unicodeScalars.prefix(limit))) + "…"
    }

    /// Where `secret` (lower case) written from `start` of `text` ends, in any of its forms
    /// (see the type's summary), the longest form when several match; nil when it is not
    /// there.
    ///
    /// The forms are followed as a set of positions in `text`, one step per byte of the secret:
    /// a `%` of the secret may be a `%` or its escape, so that several lengths of text can spell
    /// the same prefix.
    private static func end(of secret: [UInt8], in text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard let first = secret.first, mayStart(first, text[start]) else { return nil }
        var positions = [start]
        var next: [Int] = []
        for byte in secret {
            next.removeAll(keepingCapacity: true)
            for position in positions {
                for end in units(of: byte, in: text, at: position) where !next.contains(end) { next.append(end) }
            }
            if next.isEmpty { return nil }
            swap(&positions, &next)
        }
        return positions.max()
    }

    /// Whether a form of the secret byte `byte` may begin with the text byte `lead`: the byte,
    /// `%` or `+`.
    @inline(__always)
    private static func mayStart(_ byte: UInt8, _ lead: UInt8) -> Bool {
        UTF8Text.lowercasedASCII(lead) == byte || lead == UInt8(ascii: "%") || lead == UInt8(ascii: "+")
    }

    /// The ends of the units of `text` from `position` that spell the secret byte `byte`: the
    /// byte itself (a letter in either case), `+` for a space, `%XX` and `%25XX`.
    private static func units(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, at position: Int) -> [Int] {
        guard position < text.count else { return [] }
        var ends: [Int] = []
        let lead = text[position]
        if UTF8Text.lowercasedASCII(lead) == byte || (byte == 0x20 && lead == UInt8(ascii: "+")) {
            ends.append(position + 1)
        }
        guard lead == UInt8(ascii: "%"), let escaped = escape(in: text, at: position) else { return ends }
        if UTF8Text.lowercasedASCII(escaped) == byte { ends.append(position + 3) }
        if escaped == UInt8(ascii: "%"), let twice = escape(in: text, at: position + 2),
            UTF8Text.lowercasedASCII(twice) == byte
        {
            ends.append(position + 5)
        }
        return ends
    }

    /// The byte the two hexadecimal digits after `position` (a `%`) of `text` stand for.
    @inline(__always)
    private static func escape(in text: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt8? {
        guard position + 2 < text.count, let high = HexDigit.value(text[position + 1]),
            let low = HexDigit.value(text[position + 2])
        else { return nil }
        return high << 4 | low
    }
}
