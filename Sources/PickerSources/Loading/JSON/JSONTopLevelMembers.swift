import PickerStore

/// Where the members of a JSON document's top-level object are, found by following strings and
/// brackets only, so that a few members can be read without building the others (the `paging`
/// and `summary` of a page, beside a `data` array of many megabytes).
///
/// It is meant for a document already read as JSON: it checks only what it must to tell where
/// each member begins and ends, and builds nothing but the list of places.
enum JSONTopLevelMembers {
    /// One member of the object.
    struct Member: Equatable {
        /// The bytes of its key between the quotes, as written (escapes left as they are).
        var key: Range<Int>
        /// The bytes of the whole member, from the key's opening quote to the end of its value.
        var whole: Range<Int>
    }

    /// The members of the object `bytes` holds, in document order; nil when the top level is not
    /// an object, or the bytes end or break off before the object does.
    /// - Complexity: O(n) in the length of `bytes`.
    static func members(of bytes: UnsafeBufferPointer<UInt8>) -> [Member]? {
        var index = 0
        func skipWhitespace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var members: [Member] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { return nil }
            // The end, also after a comma: Foundation's decoder allows one before the bracket.
            if bytes[index] == UInt8(ascii: "}") { return members }
            let start = index
            guard bytes[index] == UInt8(ascii: "\""), let keyEnd = endOfString(bytes, from: index) else { return nil }
            index = keyEnd
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let valueEnd = endOfValue(bytes, from: index) else { return nil }
            members.append(Member(key: (start + 1)..<(keyEnd - 1), whole: start..<valueEnd))
            index = valueEnd
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1 }
        }
    }

    /// The index just past the closing quote of the string whose opening quote is at `start`;
    /// nil when the bytes end first.
    private static func endOfString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return nil
    }

    /// The index of the `,` or `}` that ends the member value starting at `start`; nil when the
    /// bytes end first.
    private static func endOfValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard let end = endOfString(bytes, from: index) else { return nil }
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return index }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { return index }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
