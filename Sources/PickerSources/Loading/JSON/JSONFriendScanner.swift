import FoundationEssentials
import Glibc
import PickerStore

/// The reader of the JSON shapes friends come in — a Graph page `{"data": [...]}`, a bare array of
/// friend objects, or the Facebook export's `{"friends_v2": [...]}` (older: `friends`) — that hands
/// out friends one at a time, and can stop at the end of its bytes and go on when more arrive.
///
/// It reads every document Foundation's decoder reads, to the same friends, and says what is wrong
/// with every other in the words the picker has always used: where the text is not JSON (the offset
/// of the first byte that is wrong, and what was expected there, as ``JSONSyntax`` says it), or
/// else which friend or field is not what a friends list holds (`data[3]: "name" is missing`). As
/// the decoder did, a problem of syntax anywhere in the document is told before a problem of
/// content, so after a friend that is wrong the rest of the document is still read, but only
/// checked; and when a field appears twice in an object, the first one counts. Two things differ
/// from the decoder, on purpose: an id written as a number that is not a whole number of 64 bits
/// (`1.5`, `1e30`) is kept as it is written, where the decoder refused the whole document; and a
/// second list of friends beside the first is told after the first list's friends were handed out.
///
/// The document is read in units: white space between them, then a key, a value passed over, a
/// friend, or the punctuation between them. A unit is read whole or not at all: when the bytes end
/// inside one, the step says ``Step/needMore``, and the next step reads it again from its start
/// with more bytes. White space between units is never read twice.
struct JSONFriendScanner {
    private var place = Place.start
    /// Whether the document is an object (a page or the export), not a bare array.
    private var isPage = false
    /// The key of the list of friends being read or read (`data`, `friends_v2`, `friends`);
    /// nil before one, and for a bare array.
    private var list: Field?
    /// Whether the list is the Facebook export's (`friends_v2` or `friends`) rather than friend
    /// objects of the Graph API.
    private var isExport = false
    /// The index of the next friend in the list.
    private var elementIndex = 0
    /// The keys of the top-level object that may hold a list of friends, seen so far: a key
    /// seen again is passed over (the first counts, as for the decoder).
    private var seenListKeys: Set<Field> = []
    /// Those whose value is an array.
    private var listKeys: [Field] = []
    /// What the value of `data` was when it was not an array.
    private var dataWasNull: Bool?
    /// Whether the reader is in the object of a friends edge nested in a Graph object
    /// (`{"id": "1", "name": "Me", "friends": {"data": [...], "paging": ...}}`, what
    /// `/me?fields=id,name,friends` answers), whose `data` is the list.
    private var inEdge = false
    /// Whether such an edge was seen, whether its `data` was, and whether the list is its own.
    private var sawEdge = false
    private var sawEdgeData = false
    private var listInEdge = false
    /// Whether the top-level object holds a list of another file of the Facebook export
    /// (removed friends, friend requests, follows).
    private var sawOtherExportList = false
    /// How many friends were handed out, and how many elements of the list skipped, the first
    /// of them: a list of which none could be read is not a list of friends.
    private var friendsRead = 0
    private var skippedCount = 0
    private var firstSkipped: SkippedEntry?
    /// Whether the top-level value is neither an object nor an array.
    private var isScalar = false
    /// How many bytes of the input have been read for good.
    private(set) var consumed = 0
    /// The line ends of those bytes.
    private(set) var lines = Lines()

    /// The nesting depth of the list's friends (the top-level value is at depth 0).
    private var elementDepth: Int { isPage ? (listInEdge ? 3 : 2) : 1 }

    /// The next friend or event in `input`, where `input` holds the document from byte
    /// ``consumed`` on (earlier bytes may have been dropped); `isFinal` says no more will come.
    /// A friend of the Graph API is appended to `texts`, and so are those that follow it, in the
    /// same step, until `texts` holds `limit` friends or something else comes: a step per
    /// friend costs more than reading one.
    mutating func step(
        _ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, into texts: inout FriendTexts, upTo limit: Int
    ) -> Step {
        let base = consumed
        var cursor = Cursor(bytes: input, index: 0, lines: Lines(count: lines.count, start: lines.start - base))
        // The friends `texts` holds, counted here as each is appended.
        var held = texts.count
        while true {
            cursor.skipWhitespace()
            commit(cursor, from: base)
            if held < limit, nextPlainFriend(&cursor, into: &texts) {
                commit(cursor, from: base)
                held += 1
                if held >= limit { return .appended }
                continue
            }
            let unitStart = cursor.index
            do throws(Failure) {
                switch try unit(&cursor, isFinal: isFinal, into: &texts) {
                case .advanced: commit(cursor, from: base)
                case .appended:
                    commit(cursor, from: base)
                    held += 1
                    if held >= limit { return .appended }
                case .friend(let friend):
                    commit(cursor, from: base)
                    return .friend(friend)
                case .skipped(let entry):
                    commit(cursor, from: base)
                    return .skipped(entry)
                case .needMore: return .needMore
                case .end: return finish()
                }
            } catch .truncated where !isFinal {
                return .needMore
            } catch {
                return .invalid(problem(error, unit: unitStart, in: cursor.bytes, base: base))
            }
        }
    }

    /// The comma after a friend of the Graph API and the friend after it, when that one is of
    /// the usual shape (``Cursor/plainFriend(into:)``), appended to `texts`: the units that
    /// ``unit(_:isFinal:into:)`` reads one at a time, read at once without going through the
    /// place for each, as most of a list is. False, with nothing read, for anything else.
    @inline(__always)
    private mutating func nextPlainFriend(_ cursor: inout Cursor, into texts: inout FriendTexts) -> Bool {
        guard case .afterElement = place, !isExport, cursor.peek() == UInt8(ascii: ",") else { return false }
        var next = cursor
        next.index += 1
        next.skipWhitespace()
        guard next.peek() == UInt8(ascii: "{"), next.plainFriend(into: &texts) else { return false }
        cursor = next
        elementIndex += 1
        friendsRead += 1
        return true
    }

    /// Takes the bytes before `cursor`, which reads the input from byte `base` on, as read for
    /// good.
    @inline(__always)
    private mutating func commit(_ cursor: Cursor, from base: Int) {
        consumed = base + cursor.index
        lines = Lines(count: cursor.lines.count, start: base + cursor.lines.start)
    }

    /// What a unit did.
    private enum Outcome {
        case advanced
        case appended
        indirect case friend(Friend)
        case skipped(SkippedEntry)
        /// The document's value is read, and white space after it to the end of the bytes.
        case needMore
        case end
    }

    /// Reads the unit at the cursor, which stands after white space.
    @inline(__always)
    private mutating func unit(_ cursor: inout Cursor, isFinal: Bool, into texts: inout FriendTexts) throws(Failure)
        -> Outcome
    {
        switch place {
        case .start:
            guard let byte = cursor.peek() else {
                guard isFinal else { return .needMore }
                throw .content("is empty: expected a friends page {\"data\": [...]} or an array of friends")
            }
            switch byte {
            case UInt8(ascii: "{"):
                isPage = true
                place = .key
                cursor.index += 1
            case UInt8(ascii: "["):
                place = .element
                cursor.index += 1
            default:
                try cursor.skipValue(depth: 0, endsDocument: isFinal)
                isScalar = true
                place = .end
            }
        case .key:
            guard let byte = cursor.peek() else { throw .truncated }
            switch byte {
            case UInt8(ascii: "}"):
                cursor.index += 1
                closeObject()
            case UInt8(ascii: ","): throw .syntax(offset: cursor.index, "expected a value")
            case UInt8(ascii: "\""):
                let key = try cursor.key()
                try cursor.colon()
                place = .value(key)
            default: throw .syntax(offset: cursor.index, "expected a name in quotes")
            }
        case .value(let key):
            try memberValue(key, &cursor)
        case .afterMember:
            guard let byte = cursor.peek() else { throw .truncated }
            switch byte {
            case UInt8(ascii: "}"):
                cursor.index += 1
                closeObject()
            case UInt8(ascii: ","):
                cursor.index += 1
                place = .key
            default: throw .syntax(offset: cursor.index, "expected ',' or '}'")
            }
        case .element:
            guard let byte = cursor.peek() else { throw .truncated }
            switch byte {
            case UInt8(ascii: "]"):
                cursor.index += 1
                place = isPage ? .afterMember : .end
            case UInt8(ascii: ","): throw .syntax(offset: cursor.index, "expected a value")
            default:
                let outcome = try element(&cursor, into: &texts)
                elementIndex += 1
                place = .afterElement
                switch outcome {
                case .appended, .friend: friendsRead += 1
                case .skipped(let entry):
                    skippedCount += 1
                    firstSkipped = firstSkipped ?? entry
                default: break
                }
                return outcome
            }
        case .afterElement:
            guard let byte = cursor.peek() else { throw .truncated }
            switch byte {
            case UInt8(ascii: "]"):
                cursor.index += 1
                place = isPage ? .afterMember : .end
            case UInt8(ascii: ","):
                cursor.index += 1
                place = .element
            default: throw .syntax(offset: cursor.index, "expected ',' or ']'")
            }
        case .end:
            guard cursor.atEnd else { throw .syntax(offset: cursor.index, "text after the end of the JSON") }
            return isFinal ? .end : .needMore
        }
        return .advanced
    }

    /// The end of an object: the edge's, back in the top-level object, or the top-level one.
    private mutating func closeObject() {
        if inEdge {
            inEdge = false
            place = .afterMember
        } else {
            place = .end
        }
    }

    /// The value of the member `key` of the top-level object: the list of friends, opened; the
    /// object of a friends edge, entered; or any other value, checked and passed over.
    private mutating func memberValue(_ key: Field, _ cursor: inout Cursor) throws(Failure) {
        if inEdge { return try edgeValue(key, &cursor) }
        guard key == .data || key == .friendsV2 || key == .friends, !seenListKeys.contains(key) else {
            try cursor.skipValue(depth: 1)
            if key == .otherExportList { sawOtherExportList = true }
            place = .afterMember
            return
        }
        guard let byte = cursor.peek() else { throw .truncated }
        if key == .friends, byte == UInt8(ascii: "{") {
            seenListKeys.insert(key)
            inEdge = true
            sawEdge = true
            cursor.index += 1
            place = .key
            return
        }
        guard byte == UInt8(ascii: "[") else {
            try cursor.skipValue(depth: 1)
            seenListKeys.insert(key)
            if key == .data { dataWasNull = byte == UInt8(ascii: "n") }
            place = .afterMember
            return
        }
        guard list == nil else {
            try cursor.skipValue(depth: 1)
            seenListKeys.insert(key)
            listKeys.append(key)
            place = .afterMember
            return
        }
        seenListKeys.insert(key)
        listKeys.append(key)
        list = key
        isExport = key != .data
        cursor.index += 1
        place = .element
    }

    /// The value of the member `key` of a friends edge's object: its `data`, the list of
    /// friends, opened; any other value, checked and passed over.
    private mutating func edgeValue(_ key: Field, _ cursor: inout Cursor) throws(Failure) {
        guard key == .data, !sawEdgeData else {
            try cursor.skipValue(depth: 2)
            place = .afterMember
            return
        }
        guard let byte = cursor.peek() else { throw .truncated }
        guard byte == UInt8(ascii: "["), list == nil else {
            try cursor.skipValue(depth: 2)
            sawEdgeData = true
            if byte == UInt8(ascii: "[") { listKeys.append(.friends) } else { dataWasNull = byte == UInt8(ascii: "n") }
            place = .afterMember
            return
        }
        sawEdgeData = true
        listKeys.append(.friends)
        list = .data
        listInEdge = true
        cursor.index += 1
        place = .element
    }

    /// The next element of the list of friends: a friend handed out, or one that is not a
    /// friend, checked as JSON and skipped.
    @inline(__always)
    private mutating func element(_ cursor: inout Cursor, into texts: inout FriendTexts) throws(Failure) -> Outcome {
        let index = elementIndex
        let path = Path(list: list, index: index, inEdge: listInEdge)
        if !isPage, cursor.peek() == UInt8(ascii: "\"") {
            // An array of strings (what `jq -r` users make): names, numbered from 1 as lines are.
            let name = try cursor.string().trimmingWhitespace
            return name.isEmpty ? .advanced : .friend(Friend(id: String(index + 1), name: name))
        }
        guard cursor.peek() == UInt8(ascii: "{") else {
            let isNull = cursor.peek() == UInt8(ascii: "n")
            try cursor.skipValue(depth: elementDepth)
            let problem = "expected an object" + (isNull ? ", found null" : "")
            return .skipped(SkippedEntry(place: path.description, problem: problem))
        }
        if isExport {
            switch try cursor.exportFriend(depth: elementDepth, path: path) {
            case .friend(let friend): return .friend(friend)
            case .skipped(let entry): return .skipped(entry)
            }
        }
        if cursor.plainFriend(into: &texts) { return .appended }
        if let problem = try cursor.friend(into: &texts, depth: elementDepth, path: path) { return .skipped(problem) }
        return .appended
    }

    /// The end of the document, read whole and valid JSON: whether it is a list of friends.
    private func finish() -> Step {
        if isScalar {
            return .invalid(.content("the top level must be a friends page {\"data\": [...]} or an array of friends"))
        }
        if listKeys.count > 1 {
            let keys = [Field.data, .friendsV2, .friends].filter(listKeys.contains).map(\.name)
            return .invalid(.content("holds more than one list of friends (\(keys.joined(separator: ", ")))"))
        }
        if isPage && list == nil {
            let data = sawEdge ? "friends.data" : "data"
            guard let dataWasNull else {
                if sawEdge { return .invalid(.content("friends: \"data\" is missing")) }
                return .invalid(
                    .content(sawOtherExportList ? Self.otherExportFile : "the top level: \"data\" is missing"))
            }
            return .invalid(.content("\(data): expected an array of friends" + (dataWasNull ? ", found null" : "")))
        }
        if friendsRead == 0, let firstSkipped {
            return .invalid(.content(Self.noneRead("\(firstSkipped.place): \(firstSkipped.problem)", skippedCount)))
        }
        return .end
    }

    /// The problem `failure` stands for, in the unit that starts at `unitStart` of `bytes`,
    /// which begin at byte `base` of the document. Where the reader found the unit is not what
    /// it reads, ``JSONSyntax`` says where and why it is not JSON.
    private func problem(_ failure: Failure, unit unitStart: Int, in bytes: UnsafeBufferPointer<UInt8>, base: Int)
        -> JSONProblem
    {
        func syntax(_ problem: JSONSyntax.Problem) -> JSONProblem {
            .syntax(offset: base + problem.offset, reason: problem.reason, truncated: problem.truncated)
        }
        switch failure {
        case .content(let problem): return .content(problem)
        case .syntax(let offset, let reason):
            return .syntax(offset: base + offset, reason: reason, truncated: false)
        case .truncated, .invalid:
            // A unit the reader found wrong, or one the document ends in: JSONSyntax tells the
            // first thing wrong in it, which may come before where the reader stopped.
            do throws(JSONSyntax.Problem) {
                switch place {
                case .key: _ = try JSONSyntax.string(in: bytes, at: unitStart)
                case .element: _ = try JSONSyntax.value(in: bytes, at: unitStart, depth: elementDepth)
                default: break
                }
            } catch {
                return syntax(error)
            }
            if case .truncated = failure {
                return .syntax(
                    offset: base + bytes.count, reason: "the JSON stops before it is complete", truncated: true)
            }
            // The unit checks as JSON where the reader found it wrong: say where it starts.
            return .syntax(offset: base + unitStart, reason: "expected a value", truncated: false)
        }
    }
}
