/// Folds text for searching and sorting: case always, accents when asked.
///
/// Folding works one grapheme cluster at a time, so that a position in folded text maps back to
/// a character of the original; ASCII takes a byte fast path. Results for non-ASCII characters
/// are cached, since a list of names repeats few distinct characters.
package struct TextFolding: Sendable {
    /// How much to fold.
    package enum Strength: Sendable {
        /// Ignore case only: `Zoë` becomes `zoë`.
        case caseOnly
        /// Ignore case and accents: `Zoë` becomes `zoe`.
        case caseAndAccents
    }

    /// The folds of characters, keyed by their exact UTF-8 bytes: not by `Character`, whose
    /// equality is canonical equivalence, since equivalent characters may fold differently (a
    /// cluster that starts with a mark keeps that mark and drops the rest, and marks of
    /// different classes are equivalent in either order), and a cache keyed by `Character`
    /// would give whichever came first.
    private var characterCache: [CharacterKey: [UInt8]] = [:]
    /// The folds of grapheme clusters of up to 16 UTF-8 bytes, keyed by those bytes: hashing
    /// bytes costs far less than hashing a `Character`, which normalizes it first.
    private var clusterCache: [ClusterKey: [UInt8]] = [:]
    /// Packed folds of single scalars, for ``ScalarFolds``; allocated on first use.
    var scalarFolds = ScalarFolds()

    package init() {}

    /// How many folds of characters, clusters and scalars beyond the Basic Multilingual Plane
    /// the caches hold.
    var cachedFolds: Int { characterCache.count + clusterCache.count + scalarFolds.otherCount }

    /// The UTF-8 bytes of `text` folded to `strength`.
    /// - Complexity: O(n) in the length of `text`.
    package mutating func fold(_ text: String, _ strength: Strength) -> [UInt8] {
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
    package mutating func fold(_ character: Character, _ strength: Strength) -> [UInt8] {
        if let ascii = character.asciiValue { return [UTF8Text.lowercasedASCII(ascii)] }
        let key = CharacterKey(utf8: Array(character.utf8), strength: strength)
        if let cached = characterCache[key] { return cached }
        let folded = Self.foldUncached(character, strength)
        characterCache[key] = folded
        return folded
    }

    /// A character's UTF-8 bytes and a strength.
    private struct CharacterKey: Hashable {
        var utf8: [UInt8]
        var strength: Strength
    }

    private static func foldUncached(_ character: Character, _ strength: Strength) -> [UInt8] {
        Array(folded(String(character), strength).utf8)
    }

    /// `text` folded, in composed form (NFC): each scalar replaced by its fold from
    /// ``FoldTable`` (Foundation's fold of it), and, when accents are ignored, the nonspacing
    /// and enclosing marks that follow the first scalar of a grapheme cluster (the accents
    /// written as separate marks) left out.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func folded(_ text: String, _ strength: Strength) -> String {
        let all = text.unicodeScalars
        // One scalar folds to its entry in the table, composed already, or to itself (a scalar
        // that composition changes has an entry).
        if let only = all.first, all.index(after: all.startIndex) == all.endIndex {
            guard let fold = FoldTable.fold(only, strength) else { return text }
            return String(String.UnicodeScalarView(fold))
        }
        var scalars = String.UnicodeScalarView()
        for character in text {
            for (position, scalar) in character.unicodeScalars.enumerated() {
                if position > 0 && strength == .caseAndAccents && isMark(scalar) { continue }
                if let fold = FoldTable.fold(scalar, strength) {
                    scalars.append(contentsOf: fold)
                } else {
                    scalars.append(scalar)
                }
            }
        }
        return String(scalars).composed
    }

    /// Whether `scalar` is a nonspacing or enclosing mark: an accent written on its own.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
