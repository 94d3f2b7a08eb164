extension FriendList {
    /// Whether the friend at `position` passes `query`: every term occurs in the name.
    /// - Complexity: O(name length × terms).
    public func shouldInclude(position: Int, query: SearchQuery) -> Bool {
        foldedNames.bytes.withUnsafeBufferPointer { folded in
            caseFoldedNames.bytes.withUnsafeBufferPointer { caseFolded in
                includes(position, query, folded, caseFolded)
            }
        }
    }

    /// The positions, in list order, of the friends that pass `query`, looked for among
    /// `candidates` (positions in list order) or among everyone.
    /// - Complexity: O(total length of the candidates' names × terms).
    public func positions(matching query: SearchQuery, among candidates: [Int]? = nil) -> [Int] {
        if query.isEmpty { return candidates ?? Array(0..<count) }
        return foldedNames.bytes.withUnsafeBufferPointer { folded in
            caseFoldedNames.bytes.withUnsafeBufferPointer { caseFolded in
                if let candidates {
                    return candidates.filter { includes($0, query, folded, caseFolded) }
                }
                return (0..<count).filter { includes($0, query, folded, caseFolded) }
            }
        }
    }

    private func includes(
        _ position: Int, _ query: SearchQuery, _ folded: UnsafeBufferPointer<UInt8>,
        _ caseFolded: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let foldedName = UnsafeBufferPointer(rebasing: folded[foldedNames.range(position)])
        let caseRange = caseFoldedNames.range(position)
        let caseFoldedName =
            caseRange.isEmpty ? foldedName : UnsafeBufferPointer(rebasing: caseFolded[caseRange])
        for term in query.terms {
            let name = term.strength == .caseOnly ? caseFoldedName : foldedName
            let found = term.bytes.withUnsafeBufferPointer { bytes(name, contain: $0) }
            if !found { return false }
        }
        return true
    }
}

/// Whether `friend` passes `query`: the query is empty, or every whitespace-separated term
/// occurs in the friend's name, ignoring case, and ignoring accents unless the term has some.
///
/// The reference definition of the search, written for clarity: it folds the whole name at
/// once each time. ``FriendList`` answers the same question from keys folded once, character by
/// character.
public func shouldInclude(_ friend: Friend, query: String) -> Bool {
    func folded(_ text: String, _ strength: TextFolding.Strength) -> [Unicode.Scalar] {
        Array(TextFolding.foldWithFoundation(text, strength).unicodeScalars)
    }
    return query.split(whereSeparator: \.isWhitespace).allSatisfy { word in
        let term = String(word)
        let strength: TextFolding.Strength =
            folded(term, .caseAndAccents) == folded(term, .caseOnly) ? .caseAndAccents : .caseOnly
        let needle = folded(term, strength)
        let haystack = folded(friend.name, strength)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
