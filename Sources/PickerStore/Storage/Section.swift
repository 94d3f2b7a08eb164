/// A run of friends in list order whose sort key starts with the same letter.
package struct Section: Hashable, Sendable {
    /// `A`–`Z`; a script's index letter (``ScriptSections``: `Ж`, `Ω`, `か`, `ㄱ`…); or `#`
    /// for keys that start with none of them.
    package var letter: Character
    /// The positions of its friends in list order.
    package var range: Range<Int>

    /// The letter of the section a sort key belongs to (``SortEntry``).
    static func letter(forSortKey key: [UInt8]) -> Character {
        guard let byte = key.first else { return "#" }
        let code = ScriptSections.code(first: key.count > 1 ? key[1] : 0, second: key.count > 2 ? key[2] : 0)
        return letter(forSection: UInt32(byte) << 16 | UInt32(code))
    }

    /// The letter of `section`, a sort key's section byte above the code of a script's section
    /// (``ScriptSections/code(first:second:)``).
    static func letter(forSection section: UInt32) -> Character {
        let byte = UInt8(truncatingIfNeeded: section >> 16)
        if byte &- UInt8(ascii: "a") < 26 { return Character(Unicode.Scalar(byte - 0x20)) }
        guard byte == SortEntry.scriptSection else { return "#" }
        return ScriptSections.letter(code: UInt16(truncatingIfNeeded: section))
    }

    /// The letter of the section that `typed` stands for in a section jump: `#`, a Latin letter
    /// in either case (`é` too: `E`), or a letter of a script's section (`ж` and `Ж` for `Ж`,
    /// `が` and `カ` for `か`, `김` for `ㄱ`); nil for any other character.
    package static func letter(typed: Character) -> Character? {
        if typed == "#" { return "#" }
        let folded = TextFolding.folded(String(typed), .caseAndAccents).unicodeScalars
        guard let first = folded.first?.value else { return nil }
        if first &- 0x61 < 26 { return Character(Unicode.Scalar(UInt8(first) - 0x20)) }
        return ScriptSections.code(of: first).map(ScriptSections.letter(code:))
    }

    /// Section order: `A` to `Z`, the scripts' letters in ``ScriptSections``' order, then `#`.
    package static func precedes(_ a: Character, _ b: Character) -> Bool {
        rank(a) < rank(b)
    }

    /// The place of `letter` in section order.
    private static func rank(_ letter: Character) -> Int {
        if let ascii = letter.asciiValue, ascii &- UInt8(ascii: "A") < 26 { return Int(ascii) - 0x41 }
        if let place = ScriptSections.place(of: letter) { return 26 + place }
        return Int.max
    }

    /// The sections of a list whose friends, in order, have `letters`.
    static func sections(letters: [Character]) -> [Section] {
        var sections: [Section] = []
        for (position, letter) in letters.enumerated() {
            if let last = sections.last, last.letter == letter {
                sections[sections.count - 1].range = last.range.lowerBound..<(position + 1)
            } else {
                sections.append(Section(letter: letter, range: position..<(position + 1)))
            }
        }
        return sections
    }
}
