import CPrefetch
import Glibc

/// The search keys of a list seen through pointers, for the inner loop of a scan.
struct KeyView {
    let accentBytes: UnsafeBufferPointer<UInt8>
    let accentEnds: UnsafeBufferPointer<UInt32>
    let caseKeys: SparseKeys.View
    let masks: UnsafeBufferPointer<UInt32>
    let initials: UnsafeBufferPointer<UInt32>
    let pairs: UnsafeBufferPointer<UInt32>
    let partStarts: PartStarts.View

    /// Friend `number`'s key folded for case and accents.
    @inline(__always)
    func accentKey(_ number: Int) -> UnsafeBufferPointer<UInt8> { Self.key(accentBytes, accentEnds, number) }

    /// Friend `number`'s key folded for case only.
    @inline(__always)
    func caseKey(_ number: Int) -> UnsafeBufferPointer<UInt8> {
        caseKeys.string(number) ?? accentKey(number)
    }

    @inline(__always)
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<UInt32>, _ number: Int)
        -> UnsafeBufferPointer<UInt8>
    {
        let start = number == 0 ? 0 : Int(ends[number - 1])
        return UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[number])])
    }
}

/// Decides, friend by friend, whether a name passes a query and with what score (see
/// ``MatchTier``), reusing its scratch buffer from friend to friend: one per thread of a scan.
struct KeyScanner {
    let view: KeyView
    let query: CompiledQuery
    /// Whether the score is wanted; without it, the first match of each term will do.
    let scoring: Bool
    /// The emails of the list's friends, for the terms that hold `@`.
    let details: ContactDetails?
    /// The pairs of bytes every name that passes holds (see ``BytePairs``): the query's, when
    /// the list has no details a term could match instead.
    private let pairs: UInt32
    private var joined: [UInt8] = []
    private var folding = TextFolding()
    /// Room for a word's characters, for ``typoTier(_:caseOnly:_:)``.
    var typoScratch = OneTypo.Scratch()

    init(_ view: KeyView, _ query: CompiledQuery, scoring: Bool, details: ContactDetails?) {
        self.view = view
        self.query = query
        self.scoring = scoring
        self.details = details
        pairs = details == nil ? query.pairs : 0
    }

    /// A bit for each friend of `numbers` (64 at most, from bit 0) whose mask and pairs allow
    /// a match: what ``score(_:)`` checks first, for 64 friends at a time with no branch on
    /// each, so that the friends ruled out, often most, cost a few instructions each.
    @inline(__always)
    func candidates(_ numbers: Range<Int>) -> UInt64 {
        let (mask, pairs) = (query.mask, self.pairs)
        var allowed: UInt64 = 0
        if numbers.count == 64 {
            // A whole word eight friends at a time, each at a bit known when compiled: the
            // compiler unrolls the loop and looks at several friends at once (half the time of
            // the loop below, which shifts each friend's bit by a count it works out).
            let first = numbers.lowerBound
            for lane in 0..<8 {
                var byte: UInt64 = 0
                for bit in 0..<8 {
                    let number = first + lane * 8 + bit
                    let hasBytes: UInt64 = view.masks[number] & mask == mask ? 1 : 0
                    let hasPairs: UInt64 = view.pairs[number] & pairs == pairs ? 1 : 0
                    byte |= (hasBytes & hasPairs) << UInt64(bit)
                }
                allowed |= byte << UInt64(lane * 8)
            }
            return allowed
        }
        for number in numbers {
            let hasBytes: UInt64 = view.masks[number] & mask == mask ? 1 : 0
            let hasPairs: UInt64 = view.pairs[number] & pairs == pairs ? 1 : 0
            allowed |= (hasBytes & hasPairs) << UInt64(number - numbers.lowerBound)
        }
        return allowed
    }

    /// ``candidates(_:)`` of the friends of `word` (numbers `word * 64` on, below `total`)
    /// that are in `within`, when it is given.
    @inline(__always)
    func candidates(ofWord word: Int, total: Int, _ within: [UInt64]?) -> UInt64 {
        let first = word * 64
        return candidates(first..<min(first + 64, total)) & (within?[word] ?? ~0)
    }

    /// The most candidates of a word whose keys are fetched ahead: where there are more, the
    /// keys read lie close enough together for the processor to fetch them unasked, and
    /// asking costs more than it saves.
    static let fewCandidates = 4

    /// Asks for the keys (folded for case and accents) of the friends `numbers` (bit `i` for
    /// friend `first + i`) to be fetched, when there are at most ``fewCandidates``: friends
    /// far apart, whose keys are then read while others are scored (`zz` among a million: a
    /// candidate in sixteen).
    @inline(__always)
    func prefetchKeys(ifFew numbers: UInt64, from first: Int) {
        guard numbers.nonzeroBitCount <= Self.fewCandidates, let base = view.accentBytes.baseAddress else { return }
        var rest = numbers
        while rest != 0 {
            let number = first + rest.trailingZeroBitCount
            rest &= rest &- 1
            picker_prefetch(base + (number == 0 ? 0 : Int(view.accentEnds[number - 1])))
        }
    }

    /// Friend `number`'s score for the query, or ``MatchTier/noMatch`` when it does not pass.
    @inline(__always)
    mutating func score(_ number: Int) -> UInt8 {
        let mask = view.masks[number]
        guard mask & query.mask == query.mask, view.pairs[number] & pairs == pairs else { return MatchTier.noMatch }
        // With cards, the mask covers more than the name: it no longer decides alone.
        if query.decidedByMask, details?.hasCards != true {
            // One letter each: the mask says they match, the initials how well.
            guard scoring else { return MatchTier.nameStart }
            let initials = view.initials[number]
            var score = MatchTier.nameStart
            for term in query.terms { score = MatchTier.adding(score, Initials.tier(of: term.bytes[0], initials)) }
            return score
        }
        return query.score { term in tier(of: term, number, mask: mask) }
    }

    /// Friend `number`'s score for a query of one plain term (see
    /// ``CompiledQuery/plainTerm``) in a list whose details are not searched, when the friend
    /// is a plain one too: its name holds no punctuation and no name part starts inside a
    /// word. The friend's mask and pairs must allow a match (``candidates(_:)``). Others take
    /// ``score(_:)``.
    @inline(__always)
    mutating func plainScore(_ term: UnsafeBufferPointer<UInt8>, _ number: Int) -> UInt8 {
        guard view.masks[number] & ByteMask.punctuation == 0, !view.partStarts.has(number) else { return score(number) }
        let startsWord = Initials.mayStartWord(view.initials[number], with: term[0])
        let key = view.accentKey(number)
        let none = UnsafeBufferPointer<UInt16>(start: nil, count: 0)
        guard key.count <= MatchTier.shortKey, let base = key.baseAddress, let termBase = term.baseAddress else {
            guard let match = MatchTier.best(term, in: key, anchor: .anywhere, scoring: startsWord, partStarts: none)
            else { return MatchTier.noMatch }
            return startsWord ? match.tier : MatchTier.insideWord
        }
        // The term's first two bytes looked for as one: a branch for each place they are.
        let pair = UnsafeRawPointer(termBase).loadUnaligned(as: UInt16.self)
        var inside = false
        var start = 0
        while start + term.count <= key.count {
            if UnsafeRawPointer(base + start).loadUnaligned(as: UInt16.self) == pair,
                term.count == 2 || memcmp(base + start + 2, termBase + 2, term.count - 2) == 0
            {
                guard startsWord else { return MatchTier.insideWord }
                if start == 0 { return MatchTier.nameStart }
                if WordStarts.isStart(key, at: start, partStarts: none) { return MatchTier.wordStart }
                inside = true
            }
            start += 1
        }
        return inside ? MatchTier.insideWord : MatchTier.noMatch
    }

    /// How well `term` matches friend `number` (whose mask is `mask`), nil when it does not:
    /// in the name (see ``CompiledQuery/Term/tier(in:partStarts:mayJoin:scoring:joined:)``),
    /// else, for a term with `@`, in an email address (inside a word, for the ranking).
    @inline(__always)
    private mutating func tier(of term: CompiledQuery.Term, _ number: Int, mask: UInt32) -> UInt8? {
        let key = term.caseOnly ? view.caseKey(number) : view.accentKey(number)
        let mayJoin = mask & ByteMask.punctuation != 0
        let none = UnsafeBufferPointer<UInt16>(start: nil, count: 0)
        // A term whose first letter starts no word of the name can only match inside a word:
        // whether it matches is all that is left to find.
        if scoring, !term.caseOnly, term.anchor == .anywhere, !term.bytes.isEmpty,
            !Initials.mayStartWord(view.initials[number], with: term.bytes[0])
        {
            if term.tier(in: key, partStarts: none, mayJoin: mayJoin, scoring: false, joined: &joined) != nil {
                return MatchTier.insideWord
            }
        } else if let tier = term.tier(in: key, partStarts: none, mayJoin: mayJoin, scoring: scoring, joined: &joined) {
            // Only a match inside a word may be at the start of a name part, for the few
            // friends whose parts start inside words.
            guard scoring, tier == MatchTier.insideWord, view.partStarts.has(number) else { return tier }
            let starts = view.partStarts.of(number, caseOnly: term.caseOnly)
            return term.tier(in: key, partStarts: starts, mayJoin: mayJoin, scoring: scoring, joined: &joined)
        }
        guard let details else { return nil }
        let strength: TextFolding.Strength = term.caseOnly ? .caseOnly : .caseAndAccents
        if details.hasAliases, details.nickname(of: number, contains: term.bytes, strength, folding: &folding) {
            return MatchTier.nickname
        }
        if term.isEmail, details.emails(of: number, contain: term.bytes, strength, folding: &folding) {
            return MatchTier.field
        }
        if details.hasCards,
            details.fields(of: number, contain: term.bytes, strength, digits: term.phoneDigits, folding: &folding)
        {
            return MatchTier.field
        }
        return nil
    }
}

extension CompiledQuery {
    /// The score of a name whose tier for each term `tier` gives (nil where a term does not
    /// match): the sum over the terms that must match, ``MatchTier/noMatch`` when one of them
    /// does not or an excluded term does.
    @inline(__always)
    func score(_ tier: (Term) -> UInt8?) -> UInt8 {
        var score = MatchTier.nameStart
        for term in terms {
            let found = tier(term)
            if term.isExcluded {
                if found != nil { return MatchTier.noMatch }
            } else {
                guard let found else { return MatchTier.noMatch }
                score = MatchTier.adding(score, found)
            }
        }
        return score
    }
}

extension CompiledQuery.Term {
    /// How well the term matches the folded name `key` (where the service's name parts start
    /// at `partStarts`): as written, else, when the term joins punctuation and `mayJoin` says
    /// the name may hold some, in the name without its punctuation (see ``JoinedKey``, made in
    /// `joined`); nil when it matches neither.
    @inline(__always)
    func tier(
        in key: UnsafeBufferPointer<UInt8>, partStarts: UnsafeBufferPointer<UInt16>, mayJoin: Bool, scoring: Bool,
        joined: inout [UInt8]
    ) -> UInt8? {
        if let match = MatchTier.best(bytes, in: key, anchor: anchor, scoring: scoring, partStarts: partStarts) {
            return match.tier
        }
        // Without the first byte, or without punctuation, the name has no other way to match.
        guard joinsPunctuation, mayJoin, let first = bytes.first, let start = key.baseAddress,
            memchr(start, Int32(first), key.count) != nil, key.contains(where: JoinedKey.isPunctuation),
            JoinedKey.make(key, into: &joined)
        else { return nil }
        return joined.withUnsafeBufferPointer { joined in
            MatchTier.best(
                bytes, in: joined, anchor: anchor, scoring: scoring,
                partStarts: UnsafeBufferPointer(start: nil, count: 0)
            )?.tier
        }
    }
}

extension NameKeys {
    /// Calls `body` with pointers to the keys.
    func withView<Result>(_ body: (KeyView) -> Result) -> Result {
        accent.bytes.withUnsafeBufferPointer { accentBytes in
            accent.ends.withUnsafeBufferPointer { accentEnds in
                caseOnly.withView { caseKeys in
                    masks.withUnsafeBufferPointer { masks in
                        initials.withUnsafeBufferPointer { initials in
                            pairs.withUnsafeBufferPointer { pairs in
                                partStarts.withView { partStarts in
                                    body(
                                        KeyView(
                                            accentBytes: accentBytes, accentEnds: accentEnds, caseKeys: caseKeys,
                                            masks: masks, initials: initials, pairs: pairs, partStarts: partStarts))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A query's terms with their bytes in memory that outlives the scan, and the mask every
/// matching name's keys must cover. The terms are plain values behind one pointer, so that
/// going through them for each friend counts no references.
final class CompiledQuery: @unchecked Sendable {
    struct Term {
        let bytes: UnsafeBufferPointer<UInt8>
        let caseOnly: Bool
        let anchor: SearchQuery.Term.Anchor
        let isExcluded: Bool
        let joinsPunctuation: Bool
        /// Whether the term may match an email address instead of the name: it holds `@`, or
        /// the query looks in addresses (``SearchQuery/searchesAddresses``).
        let isEmail: Bool
        /// The term's digits, when it is a phone number: three digits or more, and nothing but
        /// digits and a phone's punctuation (`+`, `-`, `.`, `(`, `)`); nil otherwise.
        let phoneDigits: UnsafeBufferPointer<UInt8>?
    }

    let terms: UnsafeBufferPointer<Term>
    let mask: UInt32
    /// The pairs of bytes (see ``BytePairs``) of the terms that must match a name's accent key
    /// (positive, folded for accents, not email terms), which the name's pairs must cover.
    let pairs: UInt32
    /// Whether the mask alone decides: every term is one letter, to be matched anywhere
    /// ignoring accents.
    let decidedByMask: Bool
    /// The bytes of the query's one term when it is plain: to be matched anywhere in the name
    /// folded for case and accents, of two bytes or more, neither excluded nor an email or
    /// phone term; nil otherwise.
    let plainTerm: UnsafeBufferPointer<UInt8>?

    init(_ query: SearchQuery) {
        let terms = UnsafeMutableBufferPointer<Term>.allocate(capacity: query.terms.count)
        for (index, term) in query.terms.enumerated() {
            let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(term.bytes.count, 1))
            _ = storage.initialize(from: term.bytes)
            let digits = Self.phoneDigits(term.bytes)
            let digitStorage = digits.map { digits in
                let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: digits.count)
                _ = storage.initialize(from: digits)
                return UnsafeBufferPointer(storage)
            }
            terms.initializeElement(
                at: index,
                to: Term(
                    bytes: UnsafeBufferPointer(rebasing: storage[0..<term.bytes.count]),
                    caseOnly: term.strength == .caseOnly, anchor: term.anchor, isExcluded: term.isExcluded,
                    joinsPunctuation: term.joinsPunctuation,
                    isEmail: query.searchesAddresses || SearchQuery.isEmailTerm(term), phoneDigits: digitStorage))
        }
        self.terms = UnsafeBufferPointer(terms)
        // An email term may match outside the name, whose mask then says nothing of it.
        mask = query.terms.reduce(0) { mask, term in
            term.isPositive && !SearchQuery.isEmailTerm(term) ? mask | ByteMask.of(term.bytes) : mask
        }
        pairs = query.terms.reduce(0) { pairs, term in
            guard term.isPositive, term.strength == .caseAndAccents, !query.searchesAddresses,
                !SearchQuery.isEmailTerm(term)
            else { return pairs }
            return term.bytes.withUnsafeBufferPointer { pairs | BytePairs.of($0) }
        }
        plainTerm = self.terms.count == 1 ? self.terms.first.flatMap(Self.plainBytes) : nil
        decidedByMask = query.terms.allSatisfy {
            $0.strength == .caseAndAccents && $0.anchor == .anywhere && !$0.isExcluded && ByteMask.decides($0.bytes)
        }
    }

    deinit {
        for term in terms {
            UnsafeMutableBufferPointer(mutating: term.bytes).deallocate()
            term.phoneDigits.map { UnsafeMutableBufferPointer(mutating: $0).deallocate() }
        }
        UnsafeMutableBufferPointer(mutating: terms).deallocate()
    }

    /// The bytes of `term` when it is plain (see ``plainTerm``).
    private static func plainBytes(_ term: Term) -> UnsafeBufferPointer<UInt8>? {
        let plain =
            term.bytes.count >= 2 && !term.caseOnly && term.anchor == .anywhere && !term.isExcluded && !term.isEmail
            && term.phoneDigits == nil
        return plain ? term.bytes : nil
    }

    /// The digits of a term that is a phone number (see ``Term/phoneDigits``).
    static func phoneDigits(_ bytes: [UInt8]) -> [UInt8]? {
        let digits = bytes.filter { (0x30...0x39).contains($0) }
        guard digits.count >= 3, bytes.allSatisfy({ (0x30...0x39).contains($0) || "+-.()".utf8.contains($0) })
        else { return nil }
        return digits
    }
}
