@testable import PickerKit

/// The reference definition of the search, written for clarity: whether `friend` passes
/// `query`, the query being empty or every whitespace-separated term occurring somewhere in the
/// friend's name (or, for a term that holds `@`, in one of its email addresses), ignoring
/// case, and ignoring accents unless the term has some.
///
/// It folds the whole text at once each time. The list, and ``shouldInclude(_:query:)``
/// which runs the list's search on one friend, answer the same question from keys folded once,
/// character by character; the randomised tests hold them to this.
enum ReferenceSearch {
    static func includes(_ friend: Friend, query: String) -> Bool {
        func folded(_ text: String, _ strength: TextFolding.Strength) -> [Unicode.Scalar] {
            Array(TextFolding.folded(text, strength).unicodeScalars)
        }
        return query.split(whereSeparator: \.isWhitespace).allSatisfy { word in
            let term = String(word)
            let strength: TextFolding.Strength =
                folded(term, .caseAndAccents) == folded(term, .caseOnly) ? .caseAndAccents : .caseOnly
            let needle = folded(term, strength)
            func occurs(in text: String) -> Bool {
                let haystack = folded(text, strength)
                guard needle.count <= haystack.count else { return false }
                return (0...(haystack.count - needle.count)).contains { start in
                    haystack[start..<(start + needle.count)].elementsEqual(needle)
                }
            }
            return occurs(in: friend.name) || (term.contains("@") && friend.emails.contains(where: occurs))
        }
    }
}
