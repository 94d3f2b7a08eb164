import PickerStore

/// The header fields of a request or a response, in the order they came, looked up by name
/// ignoring case.
package struct HTTPHeaders: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// One header field.
    struct Field: Hashable, Sendable {
        var name: String
        var value: String
    }

    /// The fields, in order.
    private(set) var fields: [Field] = []

    init() {}

    package init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of the first field named `name`, whatever its case.
    subscript(name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The values of every field named `name`, whatever its case, in order.
    func values(_ name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Adds `text` to the value of the last field: a line folded under it (obsolete, but read).
    mutating func continueLast(_ text: String) {
        guard !fields.isEmpty else { return }
        fields[fields.count - 1].value += " " + text
    }

    /// Why these fields cannot be sent, or nil when they can: a name that is not an HTTP token,
    /// or a value holding a control character (CR and LF would start another header). The value
    /// itself is never shown, as it may be a secret.
    var refusal: String? {
        for field in fields {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(Self.isTokenByte) else {
                return "a header name that is not an HTTP token"
            }
            if Self.holdsControlCharacter(field.value, allowingTab: true) {
                return "the \(field.name) header holds a control character (CR, LF or another); it is not sent"
            }
        }
        return nil
    }

    /// Whether `text` holds a control character (C0, DEL or C1), a tab aside when `allowingTab`.
    package static func holdsControlCharacter(_ text: String, allowingTab: Bool = false) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x09: return !allowingTab
            case 0x00...0x1F, 0x7F...0x9F: return true
            default: return false
            }
        }
    }

    /// Whether `byte` may be in a header name (RFC 9110's `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
