/// Decides whether one line of text, a name alone, passes every term of a query, and its score,
/// reusing its fold buffers from line to line: what the search of a list finds for a friend of
/// that name with no more to search (parts, a reading, addresses).
struct LineMatcher {
    let query: CompiledQuery
    let scoring: Bool
    /// Whether a term needs the fold for case only (it has an accent).
    let needsCaseFold: Bool
    var folding = TextFolding()
    var accentFold: [UInt8] = []
    var caseFold: [UInt8] = []
    var joined: [UInt8] = []
    /// Whether `accentFold` holds the fold of the line last scored, folded scalar by scalar
    /// (true) or as a string (false); nil when that line was not folded.
    private var foldedAlone: Bool?

    init(_ query: CompiledQuery, scoring: Bool) {
        self.query = query
        self.scoring = scoring
        needsCaseFold = query.terms.contains(where: \.caseOnly)
    }

    /// The line's score, or ``MatchTier/noMatch`` when it does not pass. An ASCII line
    /// folds to itself in lowercase, for either strength, so it is searched where it lies,
    /// its capitals compared as small letters; it is folded only to be searched without its
    /// punctuation, when it holds the term's first letter and some punctuation.
    mutating func score(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> UInt8 {
        foldedAlone = nil
        if query.terms.isEmpty { return MatchTier.nameStart }
        let noStarts = UnsafeBufferPointer<UInt16>(start: nil, count: 0)
        let (query, scoring) = (query, scoring)
        if isASCII {
            var folded = false
            return query.score { term in
                let (match, holdsFirst) = MatchTier.best(
                    term.bytes, inASCIILine: line, anchor: term.anchor, scoring: scoring)
                if let match { return match.tier }
                guard term.joinsPunctuation, holdsFirst, line.contains(where: JoinedKey.isPunctuation) else {
                    return nil
                }
                if !folded {
                    accentFold.removeAll(keepingCapacity: true)
                    for byte in line { accentFold.append(UTF8Text.lowercasedASCII(byte)) }
                    folded = true
                }
                return accentFold.withUnsafeBufferPointer { accent in
                    term.tier(in: accent, partStarts: noStarts, mayJoin: true, scoring: scoring, joined: &joined)
                }
            }
        }
        foldedAlone = Self.fold(line, .caseAndAccents, with: &folding, into: &accentFold)
        if needsCaseFold { Self.fold(line, .caseOnly, with: &folding, into: &caseFold) }
        return accentFold.withUnsafeBufferPointer { accent in
            caseFold.withUnsafeBufferPointer { caseOnly in
                query.score { term in
                    term.tier(
                        in: term.caseOnly ? caseOnly : accent, partStarts: noStarts, mayJoin: true,
                        scoring: scoring, joined: &joined)
                }
            }
        }
    }

    /// Calls `body` with the accent key of `line`, the line last scored (``score(_:isASCII:)``),
    /// one that is not ASCII: its fold for case and accents when it was folded scalar by
    /// scalar, else nil (as ``NameKeys/isPlain(_:accentKey:)`` takes it). The fold the score
    /// made is used again.
    mutating func withAccentKey<Result>(
        of line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        let alone = foldedAlone ?? Self.fold(line, .caseAndAccents, with: &folding, into: &accentFold)
        foldedAlone = alone
        return accentFold.withUnsafeBufferPointer { body(alone ? $0 : nil) }
    }

    /// Puts the fold of `line` into `buffer`; whether it was folded scalar by scalar.
    @discardableResult
    private static func fold(
        _ line: UnsafeBufferPointer<UInt8>, _ strength: TextFolding.Strength, with folding: inout TextFolding,
        into buffer: inout [UInt8]
    ) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        guard folding.appendFold(line, strength, to: &buffer) else {
            buffer = folding.fold(String(decoding: line, as: UTF8.self), strength)
            return false
        }
        return true
    }
}
