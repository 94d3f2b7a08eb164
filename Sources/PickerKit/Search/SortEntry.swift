/// The bytes that put a friend in its place in a list: the section byte (`a`–`z`, or `{` for
/// `#`), then the name parts in the list's ``NameOrder``, folded for case and accents and
/// separated by byte 1, which sorts below every printable byte, so that `Ann Smith` sorts
/// before `Anna Brown`; then byte 0 and the id's UTF-8. Byte 0 in a name is stored as 1, so
/// one comparison of two entries orders friends by name parts, then by id.
enum SortEntry {
    /// The section byte of keys that do not start with a Latin letter.
    static let otherSection = UInt8(ascii: "{")
    /// What separates the parts of a sort key.
    static let partSeparator: UInt8 = 1

    /// Appends the entry of the friend named `name` (UTF-8) with id `id` to `bytes`: by
    /// `givenParts` when the service gave any, else by the parts ``Friend/nameParts`` derives
    /// from the name (first word, the words between, last word).
    static func append(
        name: UnsafeBufferPointer<UInt8>, id: UnsafeBufferPointer<UInt8>, givenParts: NameParts?,
        sortOrder: NameOrder, folding: inout TextFolding, to bytes: inout [UInt8]
    ) {
        let start = bytes.count
        bytes.append(0)
        if let givenParts {
            appendParts(givenParts, sortOrder: sortOrder, folding: &folding, to: &bytes)
        } else if !appendDerivedParts(name, sortOrder: sortOrder, folding: &folding, to: &bytes) {
            let parts = Friend(id: "", name: String(decoding: name, as: UTF8.self)).nameParts
            appendParts(parts, sortOrder: sortOrder, folding: &folding, to: &bytes)
        }
        let first = start + 1 < bytes.count ? bytes[start + 1] : 0
        bytes[start] = first &- UInt8(ascii: "a") < 26 ? first : otherSection
        for index in (start + 1)..<bytes.count where bytes[index] == 0 { bytes[index] = 1 }
        bytes.append(0)
        bytes.append(contentsOf: id)
    }

    /// Appends the parts in `sortOrder`: first, middle, last; or last, first, middle, except
    /// for a name without a last name, which sorts by its first name.
    private static func appendParts(
        _ parts: NameParts, sortOrder: NameOrder, folding: inout TextFolding, to bytes: inout [UInt8]
    ) {
        let ordered =
            sortOrder == .last && !parts.last.isEmpty
            ? [parts.last, parts.first, parts.middle] : [parts.first, parts.middle, parts.last]
        for (index, part) in ordered.enumerated() {
            if index > 0 { bytes.append(partSeparator) }
            var text = part
            text.withUTF8 { utf8 in
                if !folding.appendFold(utf8, .caseAndAccents, to: &bytes) {
                    bytes.append(contentsOf: folding.fold(part, .caseAndAccents))
                }
            }
        }
    }

    /// Appends the parts of a name with no given parts, as ``Friend/nameParts`` derives them.
    /// - Returns: false, with nothing appended, when a scalar of the name needs the character
    ///   path of folding.
    private static func appendDerivedParts(
        _ name: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder, folding: inout TextFolding, to bytes: inout [UInt8]
    ) -> Bool {
        guard let words = words(of: name) else { return false }
        let first = words.prefix(1)
        let middle = words.count > 2 ? words[1..<(words.count - 1)] : words[0..<0]
        let last = words.count >= 2 ? words.suffix(1) : words[0..<0]
        let ordered: [ArraySlice<Range<Int>>] = sortOrder == .last && !last.isEmpty ? [last, first, middle] : [first, middle, last]
        let keyStart = bytes.count
        for (index, part) in ordered.enumerated() {
            if index > 0 { bytes.append(partSeparator) }
            for word in part {
                if word != part.first { bytes.append(0x20) }
                guard folding.appendFold(UnsafeBufferPointer(rebasing: name[word]), .caseAndAccents, to: &bytes) else {
                    bytes.removeSubrange(keyStart...)
                    return false
                }
            }
        }
        return true
    }

    /// The words of `name`, split at whitespace as `Character.isWhitespace` does; nil when the
    /// name is not well-formed UTF-8.
    private static func words(of name: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var words: [Range<Int>] = []
        var index = 0
        var wordStart: Int?
        while index < name.count {
            let length: Int
            let isSpace: Bool
            if name[index] < 0x80 {
                length = 1
                isSpace = name[index] == 0x20 || (name[index] >= 0x09 && name[index] <= 0x0D)
            } else {
                guard let (value, scalarLength) = TextFolding.decodeScalar(name, at: index),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                length = scalarLength
                isSpace = scalar.properties.isWhitespace
            }
            if isSpace {
                if let start = wordStart { words.append(start..<index) }
                wordStart = nil
            } else if wordStart == nil {
                wordStart = index
            }
            index += length
        }
        if let start = wordStart { words.append(start..<name.count) }
        return words
    }
}
