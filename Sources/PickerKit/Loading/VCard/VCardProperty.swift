/// The head of a vCard content line, `[group.]NAME *(;PARAM) :`, with what the reader needs of
/// its parameters; the value follows the colon.
struct VCardProperty: Equatable {
    /// The property name, upper-cased (`FN`, `EMAIL`), without its group (`item1.`).
    var name: String
    /// How the value is encoded: `ENCODING=QUOTED-PRINTABLE` (or 2.1's bare `QUOTED-PRINTABLE`).
    var isQuotedPrintable = false
    /// `ENCODING=b` or `BASE64` (photos and other binary values).
    var isBase64 = false
    /// `CHARSET=…`, lower-cased, when given (2.1).
    var charset: String?
    /// How much the value is preferred: `PREF=n` (4.0), `1` for a `pref` type (3.0) or a bare
    /// `PREF` (2.1), else 101, after every `PREF` 4.0 allows.
    var preference = 101

    /// The properties whose values the reader decodes; every other one is skipped undecoded.
    static let read: Set<String> = ["BEGIN", "END", "FN", "N", "UID", "EMAIL"]

    /// Parses the head of `line`, which ends at its first colon outside double quotes.
    /// - Returns: the property and the offset of its value, or nil when the line has no colon.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> (property: VCardProperty, valueStart: Int)? {
        var inQuotes = false
        var fields: [Range<Int>] = []
        var fieldStart = 0
        for index in line.indices {
            switch line[index] {
            case UInt8(ascii: "\""):
                inQuotes.toggle()
            case UInt8(ascii: ";") where !inQuotes:
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            case UInt8(ascii: ":") where !inQuotes:
                fields.append(fieldStart..<index)
                return (property(fields.map { UnsafeBufferPointer(rebasing: line[$0]) }), index + 1)
            default:
                break
            }
        }
        return nil
    }

    /// The property named by the first of `fields`, with the parameters in the rest.
    private static func property(_ fields: [UnsafeBufferPointer<UInt8>]) -> VCardProperty {
        let groupAndName = text(fields[0]).uppercased()
        let name = groupAndName.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        var property = VCardProperty(name: name.trimmingASCIISpaces)
        for field in fields.dropFirst() {
            let parameter = text(field)
            guard let equals = parameter.firstIndex(of: "=") else {
                property.take(type: parameter)
                continue
            }
            let key = parameter[..<equals].trimmingASCIISpaces.uppercased()
            let value = unquoted(String(parameter[parameter.index(after: equals)...]))
            switch key {
            case "ENCODING": property.take(encoding: value)
            case "CHARSET": property.charset = value.lowercased()
            case "PREF": if let rank = Int(value), (1...100).contains(rank) { property.preference = rank }
            case "TYPE": for type in value.split(separator: ",") { property.take(type: String(type)) }
            default: break
            }
        }
        return property
    }

    /// Takes a type (`TYPE=…` or a bare 2.1 parameter): `pref`, or an encoding named bare.
    private mutating func take(type: String) {
        let type = Self.unquoted(type).uppercased()
        if type == "PREF" {
            preference = min(preference, 1)
        } else {
            take(encoding: type)
        }
    }

    private mutating func take(encoding: String) {
        switch encoding.uppercased() {
        case "QUOTED-PRINTABLE": isQuotedPrintable = true
        case "B", "BASE64": isBase64 = true
        default: break
        }
    }

    /// A parameter value without its double quotes, with RFC 6868's `^n`, `^^` and `^'` undone.
    private static func unquoted(_ value: String) -> String {
        var value = value.trimmingASCIISpaces
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return VCardValue.undoingEscapes(value[...], "^") { escaped in
            switch escaped {
            case "n": return "\n"
            case "^": return "^"
            case "'": return "\""
            default: return nil
            }
        }
    }

    /// Parameter text: ASCII in every real card; other bytes are replaced, never trusted.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

extension StringProtocol {
    /// The text without ASCII spaces and tabs at either end.
    var trimmingASCIISpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
