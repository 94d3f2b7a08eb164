import Foundation
import PickerTestSupport

@testable import PickerSources

/// Random friends documents for the JSON reader's tests: lists of friends, export files and
/// junk, with white space, strings, numbers and nesting of every kind, and damaged copies.
struct RandomFriendsJSON {
    var random: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    mutating func space() -> String { ["", " ", "\n", "\t ", "\r\n  "][below(5)] }

    mutating func string() -> String {
        let pieces = [
            "Ada", "José", "Zoë", "王", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u00e9", "\\u00E9", "\\ud83d\\ude00",
            "\\ud83d", "\\udc00", "\\u0000", "\\x", "😀", " ", "'", "\u{7f}", "\\b\\f\\r",
        ]
        return "\"" + (0..<below(4)).map { _ in pieces[below(pieces.count)] }.joined() + "\""
    }

    mutating func number() -> String {
        [
            "0", "7", "-3", "42", "1e3", "1.5", "-0", "0.0", "123456789012345678", "1234567890123456789012", "01",
            "-", "2E-2",
        ][below(13)]
    }

    /// A number as an id: one that is not a whole number of 64 bits between two U+0001, which
    /// ``split(_:)`` takes away from the document and makes quotes in Foundation's.
    mutating func idNumber() -> String {
        let text = number()
        let isWhole = text.utf8.withContiguousStorageIfAvailable { JSONNumber.wholeValue($0) != nil } ?? false
        let isNumber = text != "-" && text != "01"
        return isNumber && !isWhole ? "\u{1}\(text)\u{1}" : text
    }

    mutating func value(depth: Int) -> String {
        switch below(depth > 2 ? 4 : 6) {
        case 0: return string()
        case 1: return number()
        case 2: return ["true", "false", "null"][below(3)]
        case 3: return "\"x\""
        case 4:
            return "[" + (0..<below(3)).map { _ in space() + value(depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            return "{"
                + (0..<below(3)).map { _ in "\(space())\(string()):\(space())\(value(depth: depth + 1))" }.joined(
                    separator: ",") + "}"
        }
    }

    mutating func friend() -> String {
        var fields: [String] = []
        if below(12) != 0 { fields.append("\"id\":" + space() + (below(3) == 0 ? idNumber() : string())) }
        if below(12) != 0 { fields.append("\"name\":" + space() + (below(15) == 0 ? "null" : string())) }
        for key in ["first_name", "middle_name", "last_name"] where below(2) == 0 {
            fields.append("\"\(key)\":" + space() + (below(4) == 0 ? "null" : string()))
        }
        if below(6) == 0 { fields.append("\"picture\":" + space() + value(depth: 1)) }
        if below(20) == 0 { fields.append("\"id\": \"dup\"") }
        if below(20) == 0 { fields.append("\"n\\u0061me\": \"escaped key\"") }
        fields.shuffle(using: &random)
        return "{" + fields.map { space() + $0 + space() }.joined(separator: ",") + "}"
    }

    /// An entry of the Facebook export's friends list.
    mutating func exportEntry() -> String {
        var fields: [String] = []
        if below(12) != 0 { fields.append("\"name\":" + space() + (below(15) == 0 ? "null" : string())) }
        if below(6) != 0 { fields.append("\"timestamp\":" + space() + (below(8) == 0 ? string() : number())) }
        if below(6) == 0 { fields.append("\"contact_info\":" + space() + value(depth: 1)) }
        if below(20) == 0 { fields.append("\"timestamp\": 1") }
        fields.shuffle(using: &random)
        return "{" + fields.map { space() + $0 + space() }.joined(separator: ",") + "}"
    }

    /// The Facebook export's `{"friends_v2": [...]}` or older `{"friends": [...]}`.
    mutating func exportDocument() -> String {
        let entries = (0..<below(5)).map { _ in space() + exportEntry() + space() }.joined(separator: ",")
        var members = [["\"friends_v2\"", "\"friends\""][below(2)] + ":" + space() + "[" + entries + "]"]
        if below(6) == 0 { members.append("\"data\": " + ["[]", "3", "{}"][below(3)]) }
        if below(6) == 0 { members.append("\"other\": " + value(depth: 0)) }
        members.shuffle(using: &random)
        return space() + "{" + members.joined(separator: "," + space()) + "}" + space()
    }

    /// An element of a list that is no friend.
    mutating func junk() -> String { ["3", "\"Ann\"", "null", "[]", "true", "{}"][below(6)] }

    mutating func document() -> String {
        if below(5) == 0 { return exportDocument() }
        let friends = (0..<below(5)).map { _ in space() + (below(12) == 0 ? junk() : friend()) + space() }
            .joined(separator: ",")
        if below(4) == 0 { return space() + "[" + friends + "]" + space() }
        if below(8) == 0 {
            // A Graph object with its friends edge nested, as `/me?fields=id,name,friends` answers.
            let edge = "{\"data\":" + space() + "[" + friends + "], \"paging\": {\"next\": \"https://x/y\"}}"
            return space() + "{\"id\": \"1\", \"name\": \"Me\", \"friends\":" + space() + edge + "}" + space()
        }
        var members = ["\"data\":" + space() + "[" + friends + "]"]
        if below(2) == 0 {
            members.append(
                "\"paging\": {\"cursors\": {\"before\": \"a\", \"after\": \"b\"}, \"next\": \"https://x/y?z=1\"}")
        }
        if below(2) == 0 { members.append("\"summary\":{\"total_count\":810}") }
        if below(8) == 0 { members.append("\"data\": []") }
        if below(10) == 0 { members.append("\"other\": " + value(depth: 0)) }
        members.shuffle(using: &random)
        return space() + "{" + members.joined(separator: "," + space()) + "}" + space()
    }

    /// `document` with a few bytes cut, repeated or changed.
    mutating func damaged(_ document: String) -> Data {
        var bytes = Array(document.utf8)
        for _ in 0..<(1 + below(2)) where !bytes.isEmpty {
            let at = below(bytes.count)
            switch below(4) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(bytes[at], at: at)
            case 2:
                bytes[at] =
                    [UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "}"), 0xFF, 0x01, UInt8(ascii: "x")][
                        below(6)]
            default: bytes.removeSubrange(at...)
            }
        }
        return Data(bytes)
    }
}
