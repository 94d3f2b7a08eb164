import PickerKit

/// The reference definition of the search and its ranking, written for clarity.
///
/// A query is whitespace-separated terms; a term marked `!` excludes, `^` must start the name,
/// `$` must end it (a term that is only the mark is that character). Each term folds ignoring
/// case, and ignoring accents unless it has some. A term matches the folded name where its
/// needle occurs (at the ends the marks ask for); where it does not, a term without
/// punctuation matches the name with every run of ASCII punctuation and white space that holds
/// punctuation taken out; then the nickname or the reading (worth 3), then an email address
/// holding a term with `@`, or another field of the card, phones by their digits (worth 4).
///
/// The tier of a term is 0 when it matches at the start, 1 when it matches at a word start
/// (a word character after a non-word character or one of another script, or where a given
/// name part starts), 2 otherwise; a friend's score is the sum over the terms that are not
/// excluded. Ranked, friends come by score, then the favoured in their order, then list order.
///
/// It works on arrays of scalars, folding the whole text each time; the character classes
/// (what is a letter, which script) are the library's, the rest is written out here. The
/// list's search, the `--filter` over text and the highlighting answer the same questions
/// from keys folded once, bytes and pointers; the randomised tests hold them to this.
package enum ReferenceSearch {
    package struct Term {
        var text: String
        var needle: [Unicode.Scalar]
        var strength: TextFolding.Strength
        var atStart = false
        var atEnd = false
        package var excluded = false
        var hasAt: Bool { needle.contains("@") }
        var joins: Bool { !needle.contains(where: isPunctuation) }
    }

    package static func terms(_ query: String) -> [Term] {
        query.split(whereSeparator: \.isWhitespace).map { word in
            var rest = Substring(word)
            var (excluded, atStart, atEnd) = (false, false, false)
            if rest.count > 1, rest.hasPrefix("!") { (excluded, rest) = (true, rest.dropFirst()) }
            if rest.count > 1, rest.hasPrefix("^") { (atStart, rest) = (true, rest.dropFirst()) }
            if rest.count > 1, rest.hasSuffix("$") { (atEnd, rest) = (true, rest.dropLast()) }
            let plain = folded(String(rest), .caseAndAccents)
            let accented = folded(String(rest), .caseOnly)
            let strength: TextFolding.Strength = plain == accented ? .caseAndAccents : .caseOnly
            return Term(
                text: String(word), needle: strength == .caseOnly ? accented : plain, strength: strength,
                atStart: atStart, atEnd: atEnd, excluded: excluded)
        }
    }

    package static func folded(_ text: String, _ strength: TextFolding.Strength) -> [Unicode.Scalar] {
        Array(TextFolding.folded(text, strength).unicodeScalars)
    }

    package static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value < 0x7F && !scalar.properties.isAlphabetic
            && !("0"..."9").contains(scalar)
    }

    /// `key` with each run of ASCII punctuation and white space that holds punctuation taken out.
    package static func joined(_ key: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var run: [Unicode.Scalar] = []
        for scalar in key + ["a"] {
            if isPunctuation(scalar) || scalar.value <= 0x20 {
                run.append(scalar)
                continue
            }
            if !run.contains(where: isPunctuation) { result += run }
            run = []
            result.append(scalar)
        }
        return Array(result.dropLast())
    }

    /// The scalar offsets of the word starts of `key`, `parts` among them.
    package static func wordStarts(_ key: [Unicode.Scalar], parts: Set<Int>) -> Set<Int> {
        var starts: Set<Int> = key.isEmpty ? [] : [0]
        for index in key.indices.dropFirst() {
            let (before, here) = (key[index - 1].value, key[index].value)
            guard WordStarts.isWordCharacter(here) else { continue }
            let scripts = (Script.of(before), Script.of(here))
            if !WordStarts.isWordCharacter(before) || parts.contains(index)
                || (scripts.0 != .common && scripts.1 != .common && scripts.0 != scripts.1)
            {
                starts.insert(index)
            }
        }
        return starts
    }

    /// The scalar offsets in `friend`'s name folded to `strength` where a given part starts.
    package static func partStarts(_ friend: Friend, _ strength: TextFolding.Strength) -> Set<Int> {
        let name = Array(friend.name.utf8)
        var starts: Set<Int> = []
        for part in [friend.firstName, friend.middleName, friend.lastName].compactMap({ $0 }) {
            let bytes = Array(part.utf8)
            guard !bytes.isEmpty, bytes.count <= name.count else { continue }
            let offsets = (0...(name.count - bytes.count)).filter { Array(name[$0..<($0 + bytes.count)]) == bytes }
            let offset =
                offsets.contains(0)
                ? 0
                : offsets.contains(name.count - bytes.count)
                    ? name.count - bytes.count
                    : offsets.first
            guard let offset, offset > 0 else { continue }
            starts.insert(folded(String(decoding: name[..<offset], as: UTF8.self), strength).count)
        }
        return starts
    }

    /// The tier of `term`'s best match in `key`, nil when there is none.
    package static func tier(_ term: Term, in key: [Unicode.Scalar], parts: Set<Int>) -> Int? {
        let count = term.needle.count
        guard count <= key.count else { return nil }
        let starts = (0...(key.count - count)).filter { start in
            key[start..<(start + count)].elementsEqual(term.needle) && (!term.atStart || start == 0)
                && (!term.atEnd || start + count == key.count)
        }
        guard let first = starts.first else { return nil }
        if first == 0 { return 0 }
        let words = wordStarts(key, parts: parts)
        return starts.contains(where: words.contains) ? 1 : 2
    }

    /// How well `term` matches `friend`, nil when it does not.
    package static func tier(_ term: Term, _ friend: Friend) -> Int? {
        let key = folded(friend.name, term.strength)
        if let tier = tier(term, in: key, parts: partStarts(friend, term.strength)) { return tier }
        if term.joins, key.contains(where: isPunctuation), let tier = tier(term, in: joined(key), parts: []) {
            return tier
        }
        func holds(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
            needle.count <= haystack.count
                && (0...(haystack.count - needle.count)).contains {
                    haystack[$0..<($0 + needle.count)].elementsEqual(needle)
                }
        }
        func holdsTerm(_ text: String) -> Bool { holds(folded(text, term.strength), term.needle) }
        // Then the nickname; then an address (with `@`) or another field of the card, phones by
        // their digits.
        if let nickname = friend.card?.nickname, holdsTerm(nickname) { return 3 }
        if let reading = friend.card?.reading, NameReading.searchedForms(reading).contains(where: holdsTerm) {
            return 3
        }
        if term.hasAt, friend.emails.contains(where: holdsTerm) { return 4 }
        guard let card = friend.card else { return nil }
        let fields =
            [card.organization, card.title].compactMap { $0 } + card.categories
            + [card.birthday, card.note].compactMap { $0 }
        if fields.contains(where: holdsTerm) { return 4 }
        let digits = term.needle.filter { ("0"..."9").contains($0) }
        if digits.count >= 3,
            term.needle.allSatisfy({ ("0"..."9").contains($0) || "+-.()".unicodeScalars.contains($0) }),
            card.phones.contains(where: { holds($0.unicodeScalars.filter { ("0"..."9").contains($0) }, digits) })
        {
            return 4
        }
        return nil
    }

    /// `friend`'s score for `query`, nil when it does not pass.
    package static func score(_ friend: Friend, query: String) -> Int? {
        var score = 0
        for term in terms(query) {
            let found = tier(term, friend)
            if term.excluded {
                if found != nil { return nil }
            } else {
                guard let found else { return nil }
                score += found
            }
        }
        return score
    }

    package static func includes(_ friend: Friend, query: String) -> Bool { score(friend, query: query) != nil }

    /// The positions of `list` that pass `query`, by score, then the `favoured` positions in
    /// their order, then list order; in list order when the query has no term that must match.
    package static func ranked(_ list: FriendList, query: String, favoured: [Int] = []) -> [Int] {
        ranked(Array(list.friends), query: query, favoured: favoured)
    }

    /// The indices of `friends` (in list order) that pass `query`, ranked as above.
    package static func ranked(_ friends: [Friend], query: String, favoured: [Int] = []) -> [Int] {
        let scored = friends.indices.compactMap { position in
            score(friends[position], query: query).map { (position, $0) }
        }
        guard terms(query).contains(where: { !$0.excluded }) else { return scored.map(\.0) }
        func rank(_ position: Int) -> Int { favoured.firstIndex(of: position) ?? favoured.count }
        return scored.sorted { left, right in
            (left.1, rank(left.0), left.0) < (right.1, rank(right.0), right.0)
        }.map(\.0)
    }

    /// What the picker shows for `query` among `friends` (in list order): the ranked
    /// friends, or when there are none, those one typo away (see ``typoRanked(_:query:)``).
    package static func shown(_ friends: [Friend], query: String) -> [Int] {
        let found = ranked(friends, query: query)
        return found.isEmpty ? typoRanked(friends, query: query)?.positions ?? [] : found
    }

    /// The Damerau–Levenshtein distance (with adjacent swaps) of two strings of scalars.
    package static func distance(_ a: [UInt32], _ b: [UInt32]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The tier at which `term` matches a word of `friend` one typo away, nil when it does not.
    package static func typoTier(_ term: Term, _ friend: Friend) -> Int? {
        let key = folded(friend.name, term.strength)
        let starts = wordStarts(key, parts: partStarts(friend, term.strength))
        for start in starts.sorted() {
            var word: [UInt32] = []
            var index = start
            while index < key.count, WordStarts.isWordCharacter(key[index].value),
                index == start || !starts.contains(index)
            {
                word.append(key[index].value)
                index += 1
            }
            let needle = term.needle.map(\.value)
            let lengths = [needle.count - 1, needle.count, needle.count + 1].filter { $0 >= 0 && $0 <= word.count }
            if lengths.contains(where: { distance(needle, Array(word.prefix($0))) <= 1 }) {
                return start == 0 ? 0 : 1
            }
        }
        return nil
    }

    /// What the picker shows for `query` when nobody passes it: the terms of at least 4
    /// characters (not marked, without `@`) that match nobody alone match a word one typo away;
    /// the ranked positions and those terms, or nil.
    package static func typoRanked(_ list: FriendList, query: String) -> (positions: [Int], terms: [String])? {
        typoRanked(Array(list.friends), query: query)
    }

    package static func typoRanked(_ friends: [Friend], query: String) -> (positions: [Int], terms: [String])? {
        guard ranked(friends, query: query).isEmpty else { return nil }
        let all = terms(query)
        let relaxed = all.filter { term in
            !term.excluded && !term.atStart && !term.atEnd && !term.hasAt && term.needle.count >= 4
                && !friends.contains { tier(term, $0) != nil }
        }
        guard !relaxed.isEmpty else { return nil }
        let scored = friends.indices.compactMap { position -> (Int, Int)? in
            let friend = friends[position]
            var score = 0
            for term in all {
                let isRelaxed = relaxed.contains { $0.text == term.text }
                let found = isRelaxed ? typoTier(term, friend) : tier(term, friend)
                if term.excluded {
                    if found != nil { return nil }
                } else {
                    guard let found else { return nil }
                    score += found
                }
            }
            return (position, score)
        }
        guard !scored.isEmpty else { return nil }
        return (scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0), relaxed.map(\.text))
    }
}
