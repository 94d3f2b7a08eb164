import FoundationEssentials
import Glibc
import PickerStore

/// Reads friends from JSON: a Graph friends page (`{"data": [...]}`, with `paging` and
/// `summary` ignored), a bare array of friend objects, or the Facebook export's friends list,
/// with the project's own reader (``JSONFriendScanner``), whole or a chunk at a time.
package enum FriendsJSON {
    /// The friends in `data`, in document order (elements of the list that are not friends
    /// skipped: see ``page(_:source:)``).
    /// - Throws: ``SourceError`` naming `source`, with the line and column of a syntax error or
    ///   the friend and field that is wrong.
    /// - Complexity: O(n) in the size of `data`.
    package static func decode(_ data: Data, source: String) throws(SourceError) -> [Friend] {
        try page(data, source: source).friends
    }

    /// The friends in `data`, in document order, in one page that counts the elements of the
    /// list skipped for not being friends (a number, an object without a name), with the
    /// first of them.
    /// - Throws: ``SourceError`` naming `source`, with the line and column of a syntax error,
    ///   what is wrong with the document, or, when no element is a friend, what is wrong with
    ///   the first.
    /// - Complexity: O(n) in the size of `data`.
    package static func page(_ data: Data, source: String) throws(SourceError) -> FriendPage {
        let json = withoutByteOrderMark(data)
        switch read(json) {
        case .success(let page): return page
        case .failure(let problem):
            throw SourceError(source: source, problem: message(problem) { place($0, in: json) })
        }
    }

    /// `data` without the UTF-8 byte-order mark some editors put first.
    package static func withoutByteOrderMark(_ data: Data) -> Data {
        data.starts(with: byteOrderMark) ? data.dropFirst(byteOrderMark.count) : data
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The friends in `data`; nil when it is not a list of friends.
    package static func scan(_ data: Data) -> [Friend]? {
        try? read(data).get().friends
    }

    /// The friends in `data` (no byte-order mark), or why it is not a list of friends.
    private static func read(_ data: Data) -> Result<FriendPage, JSONProblem> {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = JSONFriendScanner()
            var friends: [Friend] = []
            var texts = FriendTexts()
            var skipped = 0
            var firstSkipped: SkippedEntry?
            while true {
                let input = UnsafeBufferPointer(rebasing: bytes[scanner.consumed...])
                switch scanner.step(input, isFinal: true, into: &texts, upTo: .max) {
                case .appended: continue
                case .friend(let friend):
                    // A name among friend objects (a bare array may mix them): those before it first.
                    if texts.count > 0 {
                        friends += texts.friends
                        texts = FriendTexts()
                    }
                    friends.append(friend)
                case .skipped(let entry):
                    skipped += 1
                    firstSkipped = firstSkipped ?? entry
                case .end:
                    var page = FriendPage(friends: friends + texts.friends, skipped: skipped)
                    page.firstSkipped = firstSkipped
                    return .success(page)
                case .invalid(let problem): return .failure(problem)
                case .needMore: return .failure(.syntax(offset: bytes.count, reason: "", truncated: true))
                }
            }
        }
    }

    /// What a message says of `problem`: where and why the text is not JSON (`place` gives the
    /// line and column of an offset), or what is not a friend.
    static func message(_ problem: JSONProblem, place: (Int) -> String) -> String {
        switch problem {
        case .content(let problem): return problem
        case .syntax(let offset, let reason, let truncated):
            return truncated
                ? "not valid JSON at \(place(offset)), the end of the file: \(reason)"
                : "not valid JSON at \(place(offset)): \(reason)"
        }
    }

    /// The first byte of `data` that is not JSON white space; nil when there is none.
    package static func opening(of data: Data) -> UInt8? {
        data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    /// `line L, column C` of byte `offset` of `data`, both from 1.
    static func place(_ offset: Int, in data: Data) -> String {
        let before = data.prefix(offset)
        let line = before.count { $0 == 0x0A } + 1
        let column = offset - (before.lastIndex(of: 0x0A).map { $0 - data.startIndex + 1 } ?? 0) + 1
        return "line \(line), column \(column)"
    }
}
