import PickerStore

/// The text a card keeps of a value: the value whole, or its items (the components between
/// `;`, the list items between `,`), each with its backslash escapes undone and the white space
/// at its ends trimmed.
///
/// This is ``VCardValue/components(_:separatedBy:)`` then ``VCardValue/unescaped(_:)`` and
/// `trimmingWhitespace`, which go character by character, done on the UTF-8 bytes in one pass
/// instead wherever that finds the same: when every backslash, comma and semicolon of the value,
/// and the character after each backslash, is a character on its own (``isReadByBytes(_:_:)``).
/// Only a combining mark right after one of them, or a prepended concatenation mark (U+0600 and
/// the like) right before one, joins it into a larger character; a value with one takes the
/// character path.
extension VCardValue {
    /// `value` unescaped and trimmed.
    static func text(_ value: String) -> String {
        value.withUTF8Bytes { text(utf8: $0) }
    }

    /// The text `utf8`, well-formed UTF-8, unescaped and trimmed.
    static func text(utf8: UnsafeBufferPointer<UInt8>) -> String {
        guard isReadByBytes(utf8) else {
            return unescaped(String(decoding: utf8, as: UTF8.self)[...]).trimmingWhitespace
        }
        return String(unsafeUninitializedCapacity: utf8.count) { write(utf8, to: $0) }
    }

    /// The first `limit` components of `value` between the `separator`s no backslash escapes
    /// (a `,` or a `;`), each unescaped and trimmed.
    static func items(_ value: String, separatedBy separator: UInt8, limit: Int = .max) -> [String] {
        value.withUTF8Bytes { items(utf8: $0, separatedBy: separator, limit: limit) }
    }

    /// The items of the text `utf8`, well-formed UTF-8, as ``items(_:separatedBy:limit:)``.
    static func items(utf8: UnsafeBufferPointer<UInt8>, separatedBy separator: UInt8, limit: Int = .max) -> [String] {
        guard isReadByBytes(utf8) else {
            let value = String(decoding: utf8, as: UTF8.self)
            return components(value[...], separatedBy: Character(Unicode.Scalar(separator))).prefix(limit).map {
                unescaped($0).trimmingWhitespace
            }
        }
        var items: [String] = []
        forEachComponent(of: utf8, separatedBy: separator) { component in
            guard items.count < limit else { return false }
            items.append(String(unsafeUninitializedCapacity: component.count) { write(component, to: $0) })
            return true
        }
        return items
    }

    /// The first `limit` components of `value` between the `;`s no backslash escapes, each the
    /// items of its list (between `,`s), unescaped, trimmed, the empty ones left out, joined by
    /// spaces: `N`'s family, given and additional names.
    static func nameParts(_ value: String, limit: Int) -> [String] {
        value.withUTF8Bytes { nameParts(utf8: $0, limit: limit) }
    }

    /// The name parts of the text `utf8`, well-formed UTF-8, as ``nameParts(_:limit:)``.
    static func nameParts(utf8: UnsafeBufferPointer<UInt8>, limit: Int) -> [String] {
        guard isReadByBytes(utf8) else {
            let value = String(decoding: utf8, as: UTF8.self)
            return components(value[...], separatedBy: ";").prefix(limit).map { component in
                components(component, separatedBy: ",").map { unescaped($0).trimmingWhitespace }
                    .filter { !$0.isEmpty }.joined(separator: " ")
            }
        }
        var parts: [String] = []
        // Room for the few parts asked for at once, not grown twice.
        parts.reserveCapacity(min(limit, 4))
        forEachComponent(of: utf8, separatedBy: UInt8(ascii: ";")) { component in
            guard parts.count < limit else { return false }
            // Each item takes at most its bytes, each space at most its comma's.
            parts.append(
                String(unsafeUninitializedCapacity: component.count) { text in
                    var length = 0
                    forEachComponent(of: component, separatedBy: UInt8(ascii: ",")) { item in
                        let start = length == 0 ? 0 : length + 1
                        let written = write(item, to: UnsafeMutableBufferPointer(rebasing: text[start...]))
                        if written > 0 {
                            if length > 0 { text[length] = 0x20 }
                            length = start + written
                        }
                        return true
                    }
                    return length
                })
            return true
        }
        return parts
    }

    /// Whether `value`, whose bytes are `utf8`, is split and unescaped byte by byte exactly as
    /// character by character: each of its backslashes, commas and semicolons, and the byte
    /// after each backslash, is a character of its own.
    static func isReadByBytes(_ value: String, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var text: String? = value
        return isReadByBytes(utf8, text: &text)
    }

    /// Whether the text `utf8`, well-formed UTF-8, is read byte by byte exactly as character
    /// by character (see ``isReadByBytes(_:_:)``); its text is made only to tell where a
    /// character next to a non-ASCII byte starts.
    static func isReadByBytes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var text: String?
        return isReadByBytes(utf8, text: &text)
    }

    /// Whether the text `utf8` is read byte by byte exactly as character by character, its
    /// text kept in `text` once made.
    private static func isReadByBytes(_ utf8: UnsafeBufferPointer<UInt8>, text: inout String?) -> Bool {
        /// Whether a character starts at byte `offset`: surely between two ASCII bytes but a
        /// CR and its LF, else as the string's grapheme breaking says.
        func startsCharacter(_ offset: Int) -> Bool {
            guard offset > 0, offset < utf8.count else { return true }
            let (before, after) = (utf8[offset - 1], utf8[offset])
            if before < 0x80, after < 0x80 { return before != 0x0D || after != 0x0A }
            let value = text ?? String(decoding: utf8, as: UTF8.self)
            text = value
            return String.Index(value.utf8.index(value.utf8.startIndex, offsetBy: offset), within: value) != nil
        }
        var index = 0
        while index < utf8.count {
            switch utf8[index] {
            case UInt8(ascii: "\\"):
                guard startsCharacter(index), startsCharacter(index + 1) else { return false }
                if index + 1 < utf8.count, utf8[index + 1] < 0x80, !startsCharacter(index + 2) { return false }
                index += 2
            case UInt8(ascii: ","), UInt8(ascii: ";"):
                guard startsCharacter(index), startsCharacter(index + 1) else { return false }
                index += 1
            default:
                index += 1
            }
        }
        return true
    }

    /// Calls `body` with each component of `utf8` between the `separator`s no backslash escapes,
    /// still escaped, until it returns false.
    private static func forEachComponent(
        of utf8: UnsafeBufferPointer<UInt8>, separatedBy separator: UInt8,
        _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        var start = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == separator {
                guard body(UnsafeBufferPointer(rebasing: utf8[start..<index])) else { return }
                start = index + 1
            }
            index += 1
        }
        _ = body(UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
    }

    /// Writes `utf8` to the start of `text`, which has room for it, with its escapes undone (as
    /// ``unescaped(_:)``) and the white space at its ends trimmed.
    /// - Returns: how many bytes were written.
    private static func write(_ utf8: UnsafeBufferPointer<UInt8>, to text: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var length = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            var written = byte
            if byte == UInt8(ascii: "\\"), index < utf8.count {
                switch utf8[index] {
                case UInt8(ascii: "n"), UInt8(ascii: "N"):
                    written = 0x0A
                    index += 1
                case UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
                    written = utf8[index]
                    index += 1
                default:
                    // Kept, with what follows it.
                    break
                }
            }
            text[length] = written
            length += 1
        }
        let trimmed = Whitespace.trimmed(UnsafeBufferPointer(rebasing: text[..<length]))
        if trimmed.lowerBound > 0 {
            for offset in 0..<trimmed.count { text[offset] = text[trimmed.lowerBound + offset] }
        }
        return trimmed.count
    }
}
