/// The bytes that put a friend in its place in a list, its sort key: the section byte (`a`–`z`;
/// `{` and the code of a script's section, see ``ScriptSections``; or `|` for `#`), then the
/// name parts in the list's ``NameOrder``, folded for case and accents and separated by byte 1,
/// which sorts below every printable byte, so that `Ann Smith` sorts before `Anna Brown`. Byte
/// 0 in a name is stored as 1. Friends whose keys are equal (the same name) keep the order they
/// arrived in, as fzf keeps the input's order among equal matches: one comparison of two keys,
/// then of two friend numbers, orders friends.
enum SortEntry {
    /// The section byte of keys that start with a letter of a script with sections of its own
    /// (``ScriptSections``), which the section's code follows.
    static let scriptSection = UInt8(ascii: "{")
    /// The section byte of keys that start with no letter of a section (`#`).
    static let otherSection = UInt8(ascii: "|")
    /// What separates the parts of a sort key.
    static let partSeparator: UInt8 = 1

    /// Appends the key of the friend named `name` (UTF-8) to `bytes`: by `givenParts` when the
    /// service gave any, else by the parts ``Friend/nameParts`` derives from the name (first
    /// word, the words between, last word).
    static func append(
        name: UnsafeBufferPointer<UInt8>, givenParts: NameParts?, sortOrder: NameOrder, folding: inout TextFolding,
        to bytes: inout [UInt8]
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
        if bytes[start] == otherSection { placeInScriptSection(&bytes, keyAt: start) }
    }

    /// Puts the key at `start` of `bytes`, the last there, in its script's section when its
    /// first letter has one (``ScriptSections``; a Thai vowel written before its consonant is
    /// passed over): its section byte becomes ``scriptSection`` and the section's code follows
    /// it. Only a key that starts past ASCII is looked at.
    @inline(__always)
    static func placeInScriptSection(_ bytes: inout [UInt8], keyAt start: Int) {
        guard start + 1 < bytes.count, bytes[start + 1] >= 0xC0 else { return }
        let code = bytes.withUnsafeBufferPointer { buffer -> UInt16? in
            let lead = buffer[start + 1]
            guard let (value, length) = UTF8Text.multibyteScalar(in: buffer, at: start + 1, lead: lead) else {
                return nil
            }
            // A Thai name that starts with a vowel written first is under the consonant after it.
            if ScriptSections.writtenBefore(value), start + 1 + length < buffer.count,
                let (next, _) = UTF8Text.scalar(in: buffer, at: start + 1 + length)
            {
                return ScriptSections.code(of: next)
            }
            return ScriptSections.code(of: value)
        }
        guard let code else { return }
        bytes[start] = scriptSection
        if ScriptSections.length(of: code) == 1 {
            bytes.insert(UInt8(code >> 8), at: start + 1)
        } else {
            bytes.insert(contentsOf: [UInt8(code >> 8), UInt8(code & 0xFF)], at: start + 1)
        }
    }

    /// Appends the parts in `sortOrder`: first, middle, last; or last, first, middle, except
    /// for a name without a last name, which sorts by its first name.
    private static func appendParts(
        _ parts: NameParts, sortOrder: NameOrder, folding: inout TextFolding, to bytes: inout [UInt8]
    ) {
        let lastFirst = sortOrder == .last && !parts.last.isEmpty
        for index in 0..<3 {
            if index > 0 { bytes.append(partSeparator) }
            var part: String
            switch lastFirst ? Part.lastFirst[index] : Part.firstFirst[index] {
            case .first: part = parts.first
            case .middle: part = parts.middle
            case .last: part = parts.last
            }
            part.withUTF8 { utf8 in
                if !folding.appendFold(utf8, .caseAndAccents, to: &bytes) {
                    bytes.append(contentsOf: folding.fold(String(decoding: utf8, as: UTF8.self), .caseAndAccents))
                }
            }
        }
    }

    /// Appends the parts of a name with no given parts, as ``Friend/nameParts`` derives them:
    /// the first word, the words between (one space apart), the last word.
    /// - Returns: false, with nothing appended, when a scalar of the name needs the character
    ///   path of folding.
    private static func appendDerivedParts(
        _ name: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder, folding: inout TextFolding, to bytes: inout [UInt8]
    ) -> Bool {
        // Accented Latin letters fold to ASCII first, where the words stay.
        let appended: Void? = PrintableASCIIName.with(name, folding: &folding) { name in
            name.forEachKeyByte(sortOrder: sortOrder) { byte in
                bytes.append(byte)
                return true
            }
        }
        if appended != nil { return true }
        let first = nextWord(of: name, from: 0)
        var last = first
        var wordCount = first == nil ? 0 : 1
        while let word = nextWord(of: name, from: last?.upperBound ?? name.count) {
            last = word
            wordCount += 1
        }
        func fold(_ word: Range<Int>) -> Bool {
            folding.appendFold(UnsafeBufferPointer(rebasing: name[word]), .caseAndAccents, to: &bytes)
        }
        func append(_ part: Part) -> Bool {
            switch part {
            case .first: return first.map(fold) ?? true
            case .last: return wordCount < 2 || last.map(fold) ?? true
            case .middle:
                guard wordCount > 2, let first, let last else { return true }
                var word = nextWord(of: name, from: first.upperBound)
                var isFirstMiddle = true
                while let middle = word, middle != last {
                    if !isFirstMiddle { bytes.append(0x20) }
                    isFirstMiddle = false
                    guard fold(middle) else { return false }
                    word = nextWord(of: name, from: middle.upperBound)
                }
                return true
            }
        }
        let keyStart = bytes.count
        let lastFirst = sortOrder == .last && wordCount >= 2
        for index in 0..<3 {
            if index > 0 { bytes.append(partSeparator) }
            guard append(lastFirst ? Part.lastFirst[index] : Part.firstFirst[index]) else {
                bytes.removeSubrange(keyStart...)
                return false
            }
        }
        return true
    }

    /// A part of a name, and the orders they are put in.
    private enum Part {
        case first, middle, last

        static let firstFirst: [Part] = [.first, .middle, .last]
        static let lastFirst: [Part] = [.last, .first, .middle]
    }

    /// The next word of the UTF-8 text `name` at or after `index`: a run of scalars that are
    /// not white space (``Whitespace``), which is how `Character.isWhitespace` splits names
    /// whose scalars fold one by one.
    private static func nextWord(of name: UnsafeBufferPointer<UInt8>, from index: Int) -> Range<Int>? {
        var cursor = index
        var start: Int?
        while cursor < name.count {
            let (value, length) = UTF8Text.scalar(in: name, at: cursor) ?? (0, 1)
            let isSpace = Whitespace.contains(value)
            if isSpace, let start { return start..<cursor }
            if !isSpace, start == nil { start = cursor }
            cursor += length
        }
        return start.map { $0..<name.count }
    }
}
