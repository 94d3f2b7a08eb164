import Glibc

/// How well a term matched a name, the unit of the ranking: lower is better.
///
/// A term that matches at the start of the name is worth 0, at the start of a later word 1,
/// inside a word 2 (see ``WordStarts``). A friend's score is the sum over the query's terms
/// (exclusions count nothing); friends are shown by score, then, among equal scores, the
/// friends picked most first, then in list order.
package enum MatchTier {
    static let nameStart: UInt8 = 0
    static let wordStart: UInt8 = 1
    static let insideWord: UInt8 = 2
    /// A term found in the nickname, not the name: after every match in a name.
    static let nickname: UInt8 = 3
    /// A term found in an email address or another field of a card (organisation, title,
    /// categories, phones, birthday, note): after a nickname.
    static let field: UInt8 = 4
    /// The highest score kept; a higher sum counts as this one.
    static let highestScore: UInt8 = 254
    /// What a scan writes for a friend that does not pass.
    static let noMatch: UInt8 = 255

    /// Where a term's bytes match a key, and how well.
    package struct Match: Equatable {
        package var start: Int
        package var tier: UInt8
    }

    /// The best match of `needle` in `key` that `anchor` allows: the first at the name's
    /// start, else the first at a word start, else the first of all. Without `scoring`, the
    /// first match allowed, its tier 0 at the start of the key and 2 elsewhere.
    /// - Complexity: O(n × m) at worst, near O(n): candidates are found with `memchr`.
    @inline(__always)
    package static func best(
        _ needle: UnsafeBufferPointer<UInt8>, in key: UnsafeBufferPointer<UInt8>, anchor: SearchQuery.Term.Anchor,
        scoring: Bool, partStarts: UnsafeBufferPointer<UInt16>
    ) -> Match? {
        if needle.isEmpty { return Match(start: 0, tier: nameStart) }
        guard needle.count <= key.count else { return nil }
        switch anchor {
        case .start, .whole:
            guard anchor == .start || needle.count == key.count, hasBytes(needle, in: key, at: 0, caseless: false)
            else { return nil }
            return Match(start: 0, tier: nameStart)
        case .end:
            let start = key.count - needle.count
            guard hasBytes(needle, in: key, at: start, caseless: false) else { return nil }
            return Match(start: start, tier: tier(at: start, in: key, scoring: scoring, partStarts: partStarts))
        case .anywhere:
            if key.count <= shortKey { return best(needle, inShort: key, scoring: scoring, partStarts: partStarts) }
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

    /// The longest key looked through a byte at a time, rather than with `memchr`: a name's
    /// (most are under 20 bytes), where calling `memchr` for each occurrence of the first byte
    /// costs more than the bytes it skips.
    static let shortKey = 48

    /// ``best(_:in:anchor:scoring:partStarts:)`` of a term to match anywhere, in one pass over
    /// a short key.
    @inline(__always)
    private static func best(
        _ needle: UnsafeBufferPointer<UInt8>, inShort key: UnsafeBufferPointer<UInt8>, scoring: Bool,
        partStarts: UnsafeBufferPointer<UInt16>
    ) -> Match? {
        let first = needle[0]
        let last = key.count - needle.count
        var inside: Int?
        var start = 0
        while start <= last {
            if key[start] == first, hasBytes(needle, in: key, at: start, caseless: false) {
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

    /// ``best(_:in:anchor:scoring:partStarts:)`` in an ASCII line of text as written, its
    /// capitals compared as small letters, in one pass over its bytes; and whether the line
    /// holds the needle's first byte at all (without it, nor can the line without its
    /// punctuation match).
    @inline(__always)
    static func best(
        _ needle: UnsafeBufferPointer<UInt8>, inASCIILine line: UnsafeBufferPointer<UInt8>,
        anchor: SearchQuery.Term.Anchor, scoring: Bool
    ) -> (match: Match?, holdsFirst: Bool) {
        if needle.isEmpty { return (Match(start: 0, tier: nameStart), true) }
        guard needle.count <= line.count else { return (nil, true) }
        let none = UnsafeBufferPointer<UInt16>(start: nil, count: 0)
        switch anchor {
        case .start, .whole:
            guard anchor == .start || needle.count == line.count, hasBytes(needle, in: line, at: 0, caseless: true)
            else { return (nil, true) }
            return (Match(start: 0, tier: nameStart), true)
        case .end:
            let start = line.count - needle.count
            guard hasBytes(needle, in: line, at: start, caseless: true) else { return (nil, true) }
            return (Match(start: start, tier: tier(at: start, in: line, scoring: scoring, partStarts: none)), true)
        case .anywhere:
            let first = needle[0]
            let last = line.count - needle.count
            var inside: Int?
            var holdsFirst = false
            var start = 0
            while start <= last {
                if byte(line[start], true) == first {
                    holdsFirst = true
                    if hasBytes(needle, in: line, at: start, caseless: true) {
                        if start == 0 { return (Match(start: 0, tier: nameStart), true) }
                        guard scoring else { return (Match(start: start, tier: insideWord), true) }
                        if WordStarts.isStart(line, at: start, partStarts: none) {
                            return (Match(start: start, tier: wordStart), true)
                        }
                        if inside == nil { inside = start }
                    }
                }
                start += 1
            }
            return (inside.map { Match(start: $0, tier: insideWord) }, holdsFirst)
        }
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
