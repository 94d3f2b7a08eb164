/// A parsed search: whitespace-separated terms that must all occur in a name (a term that holds
/// `@` may occur in an email address instead).
///
/// A term typed without accents matches names ignoring case and accents (`zoe` finds `Zoë`);
/// a term typed with an accent matches only that accent, ignoring case (`zoë` finds `ZOË`,
/// not `Zoe`), as in fzf. Part of fzf's extended syntax marks a term: `^ana` must start the
/// name, `son$` must end it, `!smith` must not occur (`!^a` must not start it). A term that is
/// only `^`, `!` or `$` is that character, looked for as any other.
///
/// A term without punctuation may also match the name with its punctuation taken out
/// (`obrien` finds O'Brien, `stjohn` St. John), where it does not match the name as written;
/// see `JoinedKey`.
public struct SearchQuery: Hashable, Sendable {
    /// One term of the query, folded once.
    package struct Term: Hashable, Sendable {
        /// The term as typed, its marks (`!`, `^`, `$`) included.
        package var text: String
        /// The folded bytes to look for.
        package var bytes: [UInt8]
        /// Which folding of a name the bytes are compared with.
        package var strength: TextFolding.Strength
        /// Where in the name the bytes must be.
        package var anchor: Anchor = .anywhere
        /// Whether the term excludes the names it matches (`!`).
        package var isExcluded = false

        /// Where a term's bytes must be in a name.
        package enum Anchor: Hashable, Sendable {
            /// Anywhere.
            case anywhere
            /// At its start (`^`).
            case start
            /// At its end (`$`).
            case end
            /// The whole name (`^…$`).
            case whole

            var atStart: Bool { self == .start || self == .whole }
            var atEnd: Bool { self == .end || self == .whole }
        }

        /// Whether the term may match a name with its punctuation taken out: its bytes hold
        /// none (see ``JoinedKey``).
        package var joinsPunctuation: Bool { !bytes.contains(where: JoinedKey.isPunctuation) }

        /// Whether the term counts toward the ranking and toward the mask a name must cover.
        package var isPositive: Bool { !isExcluded }
    }

    /// The query as typed.
    public let text: String
    /// The terms, in the order typed; empty for an empty query, which includes everyone.
    package let terms: [Term]
    /// Whether every term may match an email address, not only one that holds `@`: what an
    /// address book for a mail client wants, where what is typed in `To:` is often the start of
    /// an address.
    public let searchesAddresses: Bool

    /// The query `text`; with `searchesAddresses`, its terms may match an email address
    /// without holding `@`.
    public init(_ text: String, searchesAddresses: Bool = false) {
        var folding = TextFolding()
        self.init(text, searchesAddresses: searchesAddresses, folding: &folding)
    }

    /// Parses `text`, reusing the caller's fold cache.
    package init(_ text: String, searchesAddresses: Bool = false, folding: inout TextFolding) {
        self.text = text
        self.searchesAddresses = searchesAddresses
        terms = text.split(whereSeparator: \.isWhitespace).map { Self.term(String($0), folding: &folding) }
    }

    /// A query of `terms`, typed as `text`.
    init(text: String, terms: [Term], searchesAddresses: Bool = false) {
        self.text = text
        self.terms = terms
        self.searchesAddresses = searchesAddresses
    }

    /// The term typed as `typed`: its marks taken off, then folded.
    private static func term(_ typed: String, folding: inout TextFolding) -> Term {
        var rest = Substring(typed)
        var isExcluded = false
        var atStart = false
        var atEnd = false
        if rest.count > 1, rest.first == "!" {
            isExcluded = true
            rest = rest.dropFirst()
        }
        if rest.count > 1, rest.first == "^" {
            atStart = true
            rest = rest.dropFirst()
        }
        if rest.count > 1, rest.last == "$" {
            atEnd = true
            rest = rest.dropLast()
        }
        let word = String(rest)
        let withoutAccents = folding.fold(word, .caseAndAccents)
        let withAccents = folding.fold(word, .caseOnly)
        let anchor: Term.Anchor =
            switch (atStart, atEnd) {
            case (true, true): .whole
            case (true, false): .start
            case (false, true): .end
            case (false, false): .anywhere
            }
        let accentsTyped = withoutAccents != withAccents
        return Term(
            text: typed, bytes: accentsTyped ? withAccents : withoutAccents,
            strength: accentsTyped ? .caseOnly : .caseAndAccents, anchor: anchor, isExcluded: isExcluded)
    }

    /// Whether `term` is looked for in email addresses as well as in the name: it holds `@`.
    static func isEmailTerm(_ term: Term) -> Bool { term.bytes.contains(UInt8(ascii: "@")) }

    /// True when the query includes everyone.
    public var isEmpty: Bool { terms.isEmpty }

    /// Whether the query has a term that a name must match (not only exclusions): only such a
    /// query ranks what it finds.
    package var hasPositiveTerms: Bool { terms.contains(where: \.isPositive) }

    /// True when every name this query includes is also included by `other`, so that this
    /// query's results can be searched for within `other`'s: each of `other`'s terms is
    /// narrowed by the term in the same place here (more terms may follow).
    package func narrows(_ other: SearchQuery) -> Bool {
        guard other.terms.count <= terms.count, other.searchesAddresses == searchesAddresses else { return false }
        return zip(other.terms, terms).allSatisfy { old, new in new.narrows(old) }
    }
}

extension SearchQuery.Term {
    /// Whether every name this term includes the older term `old` includes too. A term
    /// matches any name that a term it holds the bytes of matches, and an anchor only takes
    /// names away; an exclusion narrows only an equal exclusion. Terms of the same text
    /// always narrow: typing a letter in one term leaves the others as they were.
    func narrows(_ old: SearchQuery.Term) -> Bool {
        if text == old.text { return true }
        guard !isExcluded, !old.isExcluded else { return false }
        // A term typed with accents matches, folded for accents too, what the older one did.
        guard old.strength == .caseAndAccents || strength == .caseOnly else { return false }
        // A term with punctuation is looked for only as written: the older one must be too.
        guard !joinsPunctuation || old.joinsPunctuation else { return false }
        let newer = old.strength == strength ? bytes : Self.accentFold(bytes)
        let older = old.bytes
        switch old.anchor {
        case .anywhere: return older.isEmpty || newer.firstRange(of: older) != nil
        case .start: return anchor.atStart && newer.starts(with: older)
        case .end: return anchor.atEnd && newer.reversed().starts(with: older.reversed())
        case .whole: return anchor == .whole && newer == older
        }
    }

    /// `bytes`, folded for case only, folded for accents too.
    private static func accentFold(_ bytes: [UInt8]) -> [UInt8] {
        var folding = TextFolding()
        return folding.fold(String(decoding: bytes, as: UTF8.self), .caseAndAccents)
    }
}
