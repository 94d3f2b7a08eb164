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
    /// The folds of grapheme clusters of up to 16 UTF-8 bytes, keyed by those bytes: hashing
    /// bytes costs far less than hashing a `Character`, which normalizes it first.
    private var clusterCache: [ClusterKey: [UInt8]] = [:]
    /// Packed folds of single scalars, for ``ScalarFolds``; allocated on first use.
    var scalarFolds = ScalarFolds()

    public init() {}

    /// The UTF-8 bytes of `text` folded to `strength`.
    /// - Complexity: O(n) in the length of `text`.
    public mutating func fold(_ text: String, _ strength: Strength) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in text.utf8 { bytes.append(UTF8Text.lowercasedASCII(byte)) }
            return bytes
        }
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            bytes.append(contentsOf: foldCluster(of: text, index..<next, strength))
            index = next
        }
        return bytes
    }

    /// The folded UTF-8 bytes of the character of `text` at `range`.
    private mutating func foldCluster(of text: String, _ range: Range<String.Index>, _ strength: Strength) -> [UInt8] {
        let utf8 = text.utf8[range]
        guard utf8.count <= 16 else { return fold(text[range.lowerBound], strength) }
        var key = ClusterKey(
            head: 0, tail: 0, lengthAndStrength: UInt8(utf8.count) << 1 | (strength == .caseOnly ? 1 : 0))
        for (offset, byte) in utf8.enumerated() {
            if offset < 8 {
                key.head |= UInt64(byte) << (8 * UInt64(offset))
            } else {
                key.tail |= UInt64(byte) << (8 * UInt64(offset - 8))
            }
        }
        if let cached = clusterCache[key] { return cached }
        let folded = fold(text[range.lowerBound], strength)
        clusterCache[key] = folded
        return folded
    }

    /// A grapheme cluster's UTF-8 bytes, up to 16, packed, with their count and a strength.
    private struct ClusterKey: Hashable {
        var head: UInt64
        var tail: UInt64
        var lengthAndStrength: UInt8
    }

    /// The folded UTF-8 bytes of one character.
    public mutating func fold(_ character: Character, _ strength: Strength) -> [UInt8] {
        if let ascii = character.asciiValue { return [UTF8Text.lowercasedASCII(ascii)] }
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

    private static func foldUncached(_ character: Character, _ strength: Strength) -> [UInt8] {
        Array(foldWithFoundation(String(character), strength).utf8)
    }

    /// `text` folded by Foundation, in composed form, with the letters whose stroke or bar
    /// Foundation keeps (`ł`, `ø`, `đ`…) taken to their base letter when accents are ignored,
    /// as fzf does, so that `lukasz` finds `Łukasz`.
    static func foldWithFoundation(_ text: String, _ strength: Strength) -> String {
        let options: String.CompareOptions =
            strength == .caseOnly ? [.caseInsensitive] : [.caseInsensitive, .diacriticInsensitive]
        var folded = text.folding(options: options, locale: nil).precomposedStringWithCanonicalMapping
        if strength == .caseAndAccents, folded.unicodeScalars.contains(where: { baseLetters[$0] != nil }) {
            folded = String(String.UnicodeScalarView(folded.unicodeScalars.map { baseLetters[$0] ?? $0 }))
        }
        return folded
    }

    /// Lowercase letters with a stroke, bar or dot that Foundation does not decompose, and the
    /// letter they are written on.
    private static let baseLetters: [Unicode.Scalar: Unicode.Scalar] = [
        "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "ŀ": "l", "ŧ": "t", "ƀ": "b", "ɨ": "i",
        "ƶ": "z", "ǥ": "g", "ɍ": "r", "ʉ": "u", "ɏ": "y",
    ]
}
