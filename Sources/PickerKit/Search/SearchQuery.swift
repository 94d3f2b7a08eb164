/// A parsed search: whitespace-separated terms that must all occur in a name (a term that holds
/// `@` may occur in an email address instead).
///
/// A term typed without accents matches names ignoring case and accents (`zoe` finds `Zoë`);
/// a term typed with an accent matches only that accent, ignoring case (`zoë` finds `ZOË`,
/// not `Zoe`), as in fzf.
public struct SearchQuery: Hashable, Sendable {
    /// One term of the query, folded once.
    public struct Term: Hashable, Sendable {
        /// The term as typed.
        public var text: String
        /// The folded bytes to look for.
        public var bytes: [UInt8]
        /// Which folding of a name the bytes are compared with.
        public var strength: TextFolding.Strength
    }

    /// The query as typed.
    public let text: String
    /// The terms, in the order typed; empty for an empty query, which includes everyone.
    public let terms: [Term]

    public init(_ text: String) {
        var folding = TextFolding()
        self.init(text, folding: &folding)
    }

    /// Parses `text`, reusing the caller's fold cache.
    public init(_ text: String, folding: inout TextFolding) {
        self.text = text
        terms = text.split(whereSeparator: \.isWhitespace).map { word in
            let term = String(word)
            let withoutAccents = folding.fold(term, .caseAndAccents)
            let withAccents = folding.fold(term, .caseOnly)
            return withoutAccents == withAccents
                ? Term(text: term, bytes: withoutAccents, strength: .caseAndAccents)
                : Term(text: term, bytes: withAccents, strength: .caseOnly)
        }
    }

    /// A query of `terms`, typed as `text`.
    init(text: String, terms: [Term]) {
        self.text = text
        self.terms = terms
    }

    /// True when the query includes everyone.
    public var isEmpty: Bool { terms.isEmpty }

    /// True when every name this query includes is also included by `other`, so that this
    /// query's results can be searched for within `other`'s: each of `other`'s terms is a
    /// prefix of the term in the same place here.
    public func narrows(_ other: SearchQuery) -> Bool {
        guard other.terms.count <= terms.count else { return false }
        return zip(other.terms, terms).allSatisfy { old, new in new.text.hasPrefix(old.text) }
    }
}
