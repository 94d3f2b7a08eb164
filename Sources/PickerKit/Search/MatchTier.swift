import Glibc

/// How well a term matched a name, the unit of the ranking: lower is better.
///
/// A term that matches at the start of the name is worth 0, at the start of a later word 1,
/// inside a word 2 (see ``WordStarts``). A friend's score is the sum over the query's terms
/// (exclusions count nothing); friends are shown by score, then, among equal scores, the
/// friends picked most first, then in list order.
enum MatchTier {
    static let nameStart: UInt8 = 0
    static let wordStart: UInt8 = 1
    static let insideWord: UInt8 = 2
    /// The highest score kept; a higher sum counts as this one.
    static let highestScore: UInt8 = 254
    /// What a scan writes for a friend that does not pass.
    static let noMatch: UInt8 = 255

    /// Where a term's bytes match a key, and how well.
    struct Match: Equatable {
        var start: Int
        var tier: UInt8
    }

    /// The best match of `needle` in `key` that `anchor` allows: the first at the name's
    /// start, else the first at a word start, else the first of all. Without `scoring`, the
    /// first match allowed, its tier 0 at the start of the key and 2 elsewhere. With
    /// `caseless`, `key` is ASCII as written and its capitals compare as small letters: a line
    /// of text is searched where it lies, without folding it first.
    /// - Complexity: O(n × m) at worst, near O(n): candidates are found with `memchr`.
    @inline(__always)
    static func best(
        _ needle: UnsafeBufferPointer<UInt8>, in key: UnsafeBufferPointer<UInt8>, anchor: SearchQuery.Term.Anchor,
        scoring: Bool, partStarts: UnsafeBufferPointer<UInt16>, caseless: Bool = false
    ) -> Match? {
        if needle.isEmpty { return Match(start: 0, tier: nameStart) }
        guard needle.count <= key.count else { return nil }
        switch anchor {
        case .start, .whole:
            guard anchor == .start || needle.count == key.count, hasBytes(needle, in: key, at: 0, caseless: caseless)
            else { return nil }
            return Match(start: 0, tier: nameStart)
        case .end:
            let start = key.count - needle.count
            guard hasBytes(needle, in: key, at: start, caseless: caseless) else { return nil }
            return Match(start: start, tier: tier(at: start, in: key, scoring: scoring, partStarts: partStarts))
        case .anywhere:
            if caseless { return bestAnywhere(needle, in: key, scoring: scoring, partStarts: partStarts) }
            guard let first = firstOccurrence(of: needle, in: key, from: 0) else { return nil }
            if first == 0 { return Match(start: 0, tier: nameStart) }
            guard scoring else { return Match(start: first, tier: insideWord) }
            // A later occurrence may start a word.
            var at: Int? = first
            while let start = at {
                if WordStarts.isStart(key, at: start, partStarts: partStarts) {
                    return Match(start: start, tier: wordStart)
                }
                at = firstOccurrence(of: needle, in: key, from: start + 1)
            }
            return Match(start: first, tier: insideWord)
        }
    }

    /// The best match of `needle` anywhere in the ASCII `key` as written, its capitals
    /// compared as small letters (the first match, without `scoring`), found in one pass over
    /// its bytes.
    @inline(__always)
    private static func bestAnywhere(
        _ needle: UnsafeBufferPointer<UInt8>, in key: UnsafeBufferPointer<UInt8>, scoring: Bool,
        partStarts: UnsafeBufferPointer<UInt16>
    ) -> Match? {
        let first = needle[0]
        let last = key.count - needle.count
        var inside: Int?
        var start = 0
        while start <= last {
            if byte(key[start], true) == first, hasBytes(needle, in: key, at: start, caseless: true) {
                if start == 0 { return Match(start: 0, tier: nameStart) }
                guard scoring else { return Match(start: start, tier: insideWord) }
                if WordStarts.isStart(key, at: start, partStarts: partStarts) {
                    return Match(start: start, tier: wordStart)
                }
                if inside == nil { inside = start }
            }
            start += 1
        }
        return inside.map { Match(start: $0, tier: insideWord) }
    }

    /// `value` as a folded key holds it: lowercased, with `caseless`.
    @inline(__always)
    private static func byte(_ value: UInt8, _ caseless: Bool) -> UInt8 {
        caseless ? UTF8Text.lowercasedASCII(value) : value
    }

    /// The tier of a match starting at `start` of `key`.
    @inline(__always)
    private static func tier(
        at start: Int, in key: UnsafeBufferPointer<UInt8>, scoring: Bool, partStarts: UnsafeBufferPointer<UInt16>
    ) -> UInt8 {
        if start == 0 { return nameStart }
        guard scoring else { return insideWord }
        return WordStarts.isStart(key, at: start, partStarts: partStarts) ? wordStart : insideWord
    }

    @inline(__always)
    private static func hasBytes(
        _ needle: UnsafeBufferPointer<UInt8>, in key: UnsafeBufferPointer<UInt8>, at start: Int, caseless: Bool
    ) -> Bool {
        var offset = 0
        while offset < needle.count {
            if byte(key[start + offset], caseless) != needle[offset] { return false }
            offset += 1
        }
        return true
    }

    /// `score` with `tier` added, kept at most ``highestScore``.
    @inline(__always)
    static func adding(_ score: UInt8, _ tier: UInt8) -> UInt8 {
        let sum = Int(score) + Int(tier)
        return sum > Int(highestScore) ? highestScore : UInt8(sum)
    }
}
