import FoundationEssentials
import Glibc
import PickerStore

/// A narrow, fast reader of the JSON shapes friends come in — a Graph friends page
/// `{"data": [...], ...}`, a bare array of friend objects, or the Facebook export's
/// `{"friends_v2": [{"name", "timestamp"}]}` (older: `friends`) — that hands out friends one at
/// a time and can stop at the end of its bytes and go on when more arrive.
///
/// It accepts a subset of what Foundation's decoder accepts and gives the same friends for it;
/// for anything else it says ``Step/unsupported`` and the caller asks Foundation, which either
/// reads the exotic input (numbers like `1e3` as ids, duplicate fields, lone surrogates) or
/// says what is wrong with it, in the words the picker has always used. Every other value in
/// the document is checked as JSON, so no invalid document is read as valid.
struct JSONFriendScanner {
    /// What the next step found.
    enum Step: Equatable {
        /// A friend of the Graph API, in document order, appended to the texts given.
        case appended
        /// A friend of the Facebook export, in document order.
        case friend(Friend)
        /// The document is complete and every friend has been handed out.
        case end
        /// The bytes end inside a value: append more and step again.
        case needMore
        /// Something this reader does not handle, valid or not: ask Foundation.
        case unsupported
    }

    /// Where the reader is in the document, between the units it reads whole.
    private enum Place {
        case start
        case pageKeyOrEnd(first: Bool)
        case friendOrEnd(first: Bool)
        case documentEnd
    }

    private var place = Place.start
    private var isPage = false
    private var sawData = false
    /// Whether the list is the Facebook export's (`friends_v2` or `friends`) rather than friend
    /// objects of the Graph API.
    private var isExport = false
    /// How many bytes of the input have been read for good.
    private(set) var consumed = 0

    /// The next friend or event in `input`, where `input` holds the document from byte
    /// ``consumed`` on (earlier bytes may have been dropped); `isFinal` says no more will come.
    /// A friend of the Graph API is appended to `texts`.
    mutating func step(_ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, into texts: inout FriendTexts) -> Step {
        let base = consumed
        while true {
            var cursor = Cursor(bytes: input, index: consumed - base)
            let outcome: Outcome
            switch place {
            case .start: outcome = start(&cursor)
            case .pageKeyOrEnd(let first): outcome = pageKey(&cursor, first: first)
            case .friendOrEnd(let first): outcome = friendOrEnd(&cursor, first: first, into: &texts)
            case .documentEnd:
                cursor.skipWhitespace()
                if !cursor.atEnd { return .unsupported }
                return isFinal ? .end : .needMore
            }
            switch outcome {
            case .advanced:
                consumed = base + cursor.index
            case .appended:
                consumed = base + cursor.index
                return .appended
            case .friend(let friend):
                consumed = base + cursor.index
                return .friend(friend)
            case .failed(let reason):
                if reason == .truncated && !isFinal { return .needMore }
                return .unsupported
            }
        }
    }

    private enum Outcome {
        case advanced
        case appended
        case friend(Friend)
        case failed(Failure)
    }

    private mutating func start(_ cursor: inout Cursor) -> Outcome {
        cursor.skipWhitespace()
        switch cursor.peek() {
        case nil: return .failed(.truncated)
        case UInt8(ascii: "{"):
            isPage = true
            place = .pageKeyOrEnd(first: true)
        case UInt8(ascii: "["):
            place = .friendOrEnd(first: true)
        default: return .failed(.unsupported)
        }
        cursor.index += 1
        return .advanced
    }

    /// A key of the page and its value; `data` opens the friends.
    private mutating func pageKey(_ cursor: inout Cursor, first: Bool) -> Outcome {
        cursor.skipWhitespace()
        guard let byte = cursor.peek() else { return .failed(.truncated) }
        if byte == UInt8(ascii: "}") {
            guard sawData else { return .failed(.unsupported) }
            cursor.index += 1
            place = .documentEnd
            return .advanced
        }
        if !first {
            guard byte == UInt8(ascii: ",") else { return .failed(.unsupported) }
            cursor.index += 1
            cursor.skipWhitespace()
        }
        do {
            let key = try cursor.key()
            try cursor.colon()
            if key == .data || key == .friendsV2 || key == .friends {
                guard !sawData else { return .failed(.unsupported) }
                isExport = key != .data
                cursor.skipWhitespace()
                guard let open = cursor.peek() else { return .failed(.truncated) }
                guard open == UInt8(ascii: "[") else { return .failed(.unsupported) }
                cursor.index += 1
                sawData = true
                place = .friendOrEnd(first: true)
            } else {
                try cursor.skipValue(depth: 0)
                place = .pageKeyOrEnd(first: false)
            }
            return .advanced
        } catch {
            return .failed(error)
        }
    }

    /// The next friend of the array (a Graph friend appended to `texts`), or its end.
    private mutating func friendOrEnd(_ cursor: inout Cursor, first: Bool, into texts: inout FriendTexts) -> Outcome {
        cursor.skipWhitespace()
        guard let byte = cursor.peek() else { return .failed(.truncated) }
        if byte == UInt8(ascii: "]") {
            cursor.index += 1
            place = isPage ? .pageKeyOrEnd(first: false) : .documentEnd
            return .advanced
        }
        if !first {
            guard byte == UInt8(ascii: ",") else { return .failed(.unsupported) }
            cursor.index += 1
        }
        do {
            guard isExport else {
                try cursor.friend(into: &texts)
                place = .friendOrEnd(first: false)
                return .appended
            }
            let friend = try cursor.exportFriend()
            place = .friendOrEnd(first: false)
            return .friend(friend)
        } catch {
            return .failed(error)
        }
    }

    /// Why a unit could not be read.
    enum Failure: Error {
        /// The bytes ended inside it.
        case truncated
        /// It is not something the fast reader handles.
        case unsupported
    }

    /// The object keys the reader knows; any other is ``other``.
    enum Field: Equatable {
        case data, id, name, firstName, middleName, lastName, other
        /// The Facebook export's friends list (`friends_v2`, older `friends`) and its entries' date.
        case friendsV2, friends, timestamp

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            func equals(_ word: StaticString) -> Bool {
                guard let start = bytes.baseAddress else { return false }
                return memcmp(start, word.utf8Start, word.utf8CodeUnitCount) == 0
            }
            switch bytes.count {
            case 2 where equals("id"): self = .id
            case 4 where equals("name"): self = .name
            case 4 where equals("data"): self = .data
            case 7 where equals("friends"): self = .friends
            case 9 where equals("last_name"): self = .lastName
            case 9 where equals("timestamp"): self = .timestamp
            case 10 where equals("first_name"): self = .firstName
            case 10 where equals("friends_v2"): self = .friendsV2
            case 11 where equals("middle_name"): self = .middleName
            default: self = .other
            }
        }
    }
}
