/// A name's reading (``ContactCard/reading``) as a list sorts and searches it: its kana read as
/// hiragana, so that a reading written in katakana, full or half width (as phones and Outlook
/// write them), sorts and is found with one written in hiragana.
///
/// Only a friend that has a reading pays for it: its sort key is made from the reading and
/// kept (``NameKeys/storedSortKeys``), and its searched forms are kept with its card
/// (``ContactDetails``).
package enum NameReading {
    /// Appends to `bytes` the sort key (``SortEntry``) of a friend read `reading`: its words as
    /// a name's words, the first (the family name's reading) first whatever the list's order,
    /// as the name it reads is written.
    /// - Returns: false, nothing appended, when the reading's first letter has no section
    ///   either (a reading in kanji, or empty).
    static func appendSortKey(_ reading: String, folding: inout TextFolding, to bytes: inout [UInt8]) -> Bool {
        let folded = folding.fold(hiragana(reading), .caseAndAccents)
        let start = bytes.count
        folded.withUnsafeBufferPointer { SortEntry.appendKey(derivedFrom: $0, sortOrder: .first, to: &bytes) }
        guard bytes.count > start, bytes[start] != SortEntry.otherSection else {
            bytes.removeSubrange(start...)
            return false
        }
        return true
    }

    /// The forms of `reading` a search looks in, each once: as written, in hiragana, and in
    /// hiragana without its spaces (`やまだたろう`, as the name `山田太郎` is written).
    package static func searchedForms(_ reading: String) -> [String] {
        let read = hiragana(reading)
        var forms = [reading]
        for form in [read, String(read.unicodeScalars.filter { !Whitespace.contains($0.value) })]
        where !forms.contains(form) {
            forms.append(form)
        }
        return forms
    }

    /// `reading` with its katakana written as hiragana: a full-width one is the hiragana 0x60
    /// below it (`ヷ`–`ヺ`, which have none, stay), a half-width one is read from a table, its
    /// sound marks (`ﾞ`, `ﾟ`) joined to the kana before.
    package static func hiragana(_ reading: String) -> String {
        var scalars = String.UnicodeScalarView()
        var marked = false
        for scalar in reading.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x30A1...0x30F6: scalars.append(Unicode.Scalar(value - 0x60) ?? scalar)
            case 0xFF66...0xFF9D: scalars.append(halfWidth[Int(value - 0xFF66)])
            case 0xFF9E, 0xFF9F:
                marked = true
                scalars.append(Unicode.Scalar(value == 0xFF9E ? 0x3099 : 0x309A) ?? scalar)
            default: scalars.append(scalar)
            }
        }
        let text = String(scalars)
        return marked ? text.composed : text
    }

    /// The hiragana of the half-width katakana U+FF66 to U+FF9D (`ｦ`…`ﾝ`); the long vowel mark
    /// `ｰ` is the full-width one.
    private static let halfWidth = Array(
        "をぁぃぅぇぉゃゅょっーあいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわん".unicodeScalars)
}
