import FoundationEssentials
import PickerKit

/// Names and a query (the last line), searched as the picker searches them. The list's ranked
/// search, the same search in list order and among its own results, the line filter over the
/// same names as text, the typo fallback and the highlighting must agree with one another: the
/// same friends, ranked the same way, each passing the predicate, and a narrowing query finding
/// no friend its broader query did not.
package func checkSearch(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let text = String(decoding: input.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 2, lines.count <= 64 else { return }
    let query = lines.removeLast()
    // Every third friend has name parts, as a Graph friend would: the first and last words.
    let friends = lines.enumerated().map { index, name -> Friend in
        let words = name.split(separator: " ").map(String.init)
        guard index % 3 == 0, words.count > 1, let first = words.first, let last = words.last else {
            return Friend(id: String(index + 1), name: name)
        }
        return Friend(id: String(index + 1), name: name, firstName: first, lastName: last)
    }
    let list = FriendList(friends)
    let searchQuery = SearchQuery(query)
    let ranked = list.search(searchQuery, ranking: Ranking(favoured: [0, list.count - 1]))
    let inListOrder = list.search(searchQuery, ranking: nil)
    try expect(Array(ranked.positions) == Array(inListOrder.positions), "ranking changed who was found")
    try expect(ranked.inOrder.sorted() == Array(ranked.positions), "the ranked order is not of the friends found")
    try expect(
        list.search(searchQuery, among: ranked.positions, ranking: Ranking(favoured: [0, list.count - 1])).inOrder
            == ranked.inOrder, "searching again among the results changed them")
    for position in ranked.positions {
        try expect(shouldInclude(list.friends[position], query: query), "a friend found that the predicate refuses")
    }

    // The same names as plain text: the line filter searches ASCII lines where they lie.
    let plain = lines.map { $0.replacingNewlines() }
    let data = Data(plain.joined(separator: "\n").utf8)
    if let filtered = try? LineFilter.matches(
        in: FriendsJSON.withoutByteOrderMark(data), source: "fuzz", matching: query)
    {
        var textList = FriendList()
        if (try? NameLines.readPages(data, source: "fuzz") { textList.append($0.friends) }) != nil {
            let expected = textList.search(searchQuery, ranking: Ranking()).inOrder.map { textList.friends[$0].id }
            try expect(filtered.friends.map(\.id) == expected, "the line filter ranks otherwise than the list")
        }
    }

    // The same friends as a JSON document gives them, every fifth with an address: `--filter`
    // keeps the names alone apart and lists the others, and finds them in the list's order.
    let mixed = friends.enumerated().map { index, friend in
        var friend = friend
        if index % 5 == 4 { friend.emails = ["f\(index)@example.com"] }
        return friend
    }
    let everyone = FriendList(mixed)
    let candidates = FilterCandidates(query, searchesAddresses: false)
    var listed = FriendList()
    _ = listed.append(FriendBatch(candidates.candidates(of: FriendPage(friends: mixed)), sortOrder: .first))
    let kept = candidates.lines(among: listed, sortOrder: .first, inputOrder: nil)
    let expected = everyone.search(searchQuery, ranking: Ranking()).inOrder.map { everyone.friends[$0].id }
    try expect(
        kept.lines.friends.map(\.id) == expected,
        "the names alone and the friends listed are found otherwise than by a list of everyone")

    // A query typed one more character narrows, or is searched afresh: never finds more.
    if let broader = query.dropLast().isEmpty ? nil : SearchQuery(String(query.dropLast())),
        searchQuery.narrows(broader)
    {
        let broad = Set(list.positions(matching: broader))
        try expect(
            ranked.positions.allSatisfy(broad.contains), "a narrowing query found a friend its broader did not")
    }

    if ranked.count == 0, let typos = list.searchAllowingTypos(searchQuery, ranking: Ranking()) {
        try expect(typos.inOrder.sorted() == Array(typos.positions), "the typo order is not of the friends found")
        try expect(!typos.typoTerms.isEmpty, "friends one typo away, but no term said to be mistyped")
    }
    var highlighter = NameHighlighter()
    for position in ranked.inOrder.prefix(8) {
        let friend = list.friends[position]
        let marked = highlighter.matchedCharacters(in: friend.name, query: searchQuery, parts: friend)
        try expect(marked.count == friend.name.count, "a mark per character")
    }
}

extension String {
    /// The text with carriage returns taken out, so that a name stays one line of text.
    fileprivate func replacingNewlines() -> String { String(filter { $0 != "\r" && $0 != "\n" }) }
}
