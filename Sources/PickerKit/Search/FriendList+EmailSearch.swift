extension SearchQuery {
    /// Whether `term` is looked for in email addresses as well as in the name: it holds `@`.
    static func isEmailTerm(_ term: Term) -> Bool { term.text.utf8.contains(UInt8(ascii: "@")) }

    /// The query's terms that hold `@`.
    var emailTerms: [Term] { terms.filter(Self.isEmailTerm) }

    /// The query without the terms that hold `@`.
    var nameTerms: SearchQuery { SearchQuery(text: text, terms: terms.filter { !Self.isEmailTerm($0) }) }
}

extension FriendList {
    /// The positions among `candidates` (or everyone) of the friends that pass `query` when
    /// some friend has an email address and the query has a term with `@`: the other terms
    /// must occur in the name, each `@` term in the name or in an email address.
    /// - Complexity: O(n / 64 + the friends that pass the other terms × the `@` terms).
    func positions(matchingEmails query: SearchQuery, among candidates: Positions?) -> Positions {
        let passing = positions(matching: query.nameTerms, among: candidates)
        let terms = query.emailTerms.map { term in
            (term: term, compiled: CompiledQuery(SearchQuery(text: term.text, terms: [term])))
        }
        var folding = TextFolding()
        return keys.withView { view in
            Positions(
                passing.filter { position in
                    let number = Int(order[position])
                    return terms.allSatisfy { term, compiled in
                        view.matches(number, compiled)
                            || details.emails(of: number, contain: term.bytes, term.strength, folding: &folding)
                    }
                })
        }
    }

    /// Whether the query needs ``positions(matchingEmails:among:)``.
    func searchesEmails(_ query: SearchQuery) -> Bool {
        details.hasEmails && query.terms.contains(where: SearchQuery.isEmailTerm)
    }
}
