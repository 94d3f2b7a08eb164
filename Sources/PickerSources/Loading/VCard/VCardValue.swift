import FoundationEssentials
import Glibc
import PickerStore

/// Turns the bytes of a vCard value into text: quoted-printable or base64 undone, the character
/// set decoded, then the structure split and the backslash escapes undone.
enum VCardValue {
    /// Why a value could not be decoded.
    enum Failure: Error, Equatable {
        /// The bytes are not text in the character set given.
        case notText(charset: String)
        /// `CHARSET=` names a character set the reader does not know, and the bytes are not UTF-8.
        case unknownCharset(String)
    }

    /// The text of `bytes`, the value of `property`; `tookWindows1252` is set when they were
    /// read as Windows-1252 for not being UTF-8.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, of property: VCardProperty, tookWindows1252: inout Bool)
        throws(Failure) -> String
    {
        let raw: [UInt8]
        if property.isQuotedPrintable {
            raw = quotedPrintable(Array(bytes))
        } else if property.isBase64 {
            raw = Array(Data(base64Encoded: Data(bytes), options: .ignoreUnknownCharacters) ?? Data())
        } else {
            return try decoded(bytes, charset: property.charset, tookWindows1252: &tookWindows1252)
        }
        return try raw.withUnsafeBufferPointer { (raw) throws(Failure) in
            try decoded(raw, charset: property.charset, tookWindows1252: &tookWindows1252)
        }
    }

    /// Calls `body` with the text of `bytes`, the value of `property`, as UTF-8, and whether
    /// they were read as Windows-1252 for not being UTF-8 (see ``text(_:of:tookWindows1252:)``):
    /// the bytes themselves when they are UTF-8 as they stand (neither encoded nor in another
    /// character set), else the text they decode to.
    static func withText<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, of property: VCardProperty,
        _ body: (UnsafeBufferPointer<UInt8>, _ tookWindows1252: Bool) -> Result
    ) throws(Failure) -> Result {
        if !property.isQuotedPrintable, !property.isBase64, property.charset.map(utf8Names.contains) ?? true,
            UTF8Text.isASCII(bytes) || UTF8Text.isValid(bytes)
        {
            return body(bytes, false)
        }
        var tookWindows1252 = false
        let text = try text(bytes, of: property, tookWindows1252: &tookWindows1252)
        return text.withUTF8Bytes { body($0, tookWindows1252) }
    }

    /// `bytes` with each `=XX` turned into the byte XX; an `=` not followed by two hexadecimal
    /// digits is kept as it is (a soft line break was removed when the lines were joined).
    static func quotedPrintable(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "="), index + 2 < bytes.count, let high = HexDigit.value(bytes[index + 1]),
                let low = HexDigit.value(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else if byte == UInt8(ascii: "="), index == bytes.count - 1 {
                index += 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    /// The names 2.1 cards give UTF-8 and its subset ASCII, lower-cased.
    private static let utf8Names: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]

    /// `bytes` decoded from `charset` (UTF-8 when nil, and Windows-1252 when they are not UTF-8,
    /// as 2.1 cards of The Bat! and Outlook are); any other set is converted by the C library
    /// (ISO-8859-1 and -2, Windows-1250 to 1254, Shift_JIS, EUC-JP, UTF-16…).
    private static func decoded(
        _ bytes: UnsafeBufferPointer<UInt8>, charset: String?, tookWindows1252: inout Bool
    ) throws(Failure) -> String {
        let utf8 = UTF8Text.string(bytes)
        guard let charset, !utf8Names.contains(charset) else {
            if let utf8 { return utf8 }
            tookWindows1252 = true
            return Windows1252.string(bytes)
        }
        switch CharacterSetDecoding.decode(Array(bytes), charset: charset) {
        case .text(let text): return text
        case .notText: throw .notText(charset: charset)
        case .unknownSet:
            // A set the C library does not know: text that is valid UTF-8 is kept as it is.
            guard let utf8 else { throw .unknownCharset(charset) }
            return utf8
        }
    }

    /// Whether `utf8` starts with `word`, lower-case ASCII, in any case.
    static func starts(_ utf8: UnsafeBufferPointer<UInt8>, with word: StaticString) -> Bool {
        utf8.count >= word.utf8CodeUnitCount
            && (0..<word.utf8CodeUnitCount).allSatisfy { UTF8Text.lowercasedASCII(utf8[$0]) == word.utf8Start[$0] }
    }

    /// `text` with the escapes of RFC 6350 undone: `\\`, `\,`, `\;`, `\:` and `\n` or `\N` (a
    /// newline); a backslash before anything else, or at the end, is kept.
    static func unescaped(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "n"?, "N"?: result.append("\n")
            case let escaped? where "\\,;:".contains(escaped): result.append(escaped)
            case let other?: result += "\\" + String(other)
            case nil: result.append("\\")
            }
        }
        return result
    }

    /// The parts of `text` between the `separator`s that no backslash escapes, still escaped.
    static func components(_ text: Substring, separatedBy separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\\" {
                index = text.index(after: index)
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if character == separator {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        parts.append(text[start..<text.endIndex])
        return parts
    }
}
