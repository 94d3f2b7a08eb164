import Foundation

/// Folds text for searching and sorting: case always, accents when asked.
///
/// Folding works one grapheme cluster at a time, so that a position in folded text maps back to
/// a character of the original; ASCII takes a byte fast path. Results for non-ASCII characters
/// are cached, since a list of names repeats few distinct characters.
public struct TextFolding: Sendable {
    /// How much to fold.
    public enum Strength: Sendable {
        /// Ignore case only: `Zoë` becomes `zoë`.
        case caseOnly
        /// Ignore case and accents: `Zoë` becomes `zoe`.
        case caseAndAccents
    }

    private var caseCache: [Character: [UInt8]] = [:]
    private var accentCache: [Character: [UInt8]] = [:]

    public init() {}

    /// The UTF-8 bytes of `text` folded to `strength`.
    /// - Complexity: O(n) in the length of `text`.
    public mutating func fold(_ text: String, _ strength: Strength) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in text.utf8 { bytes.append(Self.lowercasedASCII(byte)) }
            return bytes
        }
        for character in text { bytes.append(contentsOf: fold(character, strength)) }
        return bytes
    }

    /// The folded UTF-8 bytes of one character.
    public mutating func fold(_ character: Character, _ strength: Strength) -> [UInt8] {
        if let ascii = character.asciiValue { return [Self.lowercasedASCII(ascii)] }
        switch strength {
        case .caseOnly:
            if let cached = caseCache[character] { return cached }
            let folded = Self.foldUncached(character, strength)
            caseCache[character] = folded
            return folded
        case .caseAndAccents:
            if let cached = accentCache[character] { return cached }
            let folded = Self.foldUncached(character, strength)
            accentCache[character] = folded
            return folded
        }
    }

    /// True when `text` holds only ASCII bytes, for which both strengths fold alike.
    public static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    private static func foldUncached(_ character: Character, _ strength: Strength) -> [UInt8] {
        let options: String.CompareOptions =
            strength == .caseOnly ? [.caseInsensitive] : [.caseInsensitive, .diacriticInsensitive]
        let folded = String(character).folding(options: options, locale: nil)
        return Array(folded.precomposedStringWithCanonicalMapping.utf8)
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
    }
}
