/// A run of friends in list order whose sort key starts with the same letter.
package struct Section: Hashable, Sendable {
    /// `A`–`Z`, or `#` for keys that do not start with a Latin letter.
    package var letter: Character
    /// The positions of its friends in list order.
    package var range: Range<Int>

    /// The letter of the section a folded sort key belongs to.
    static func letter(forSortKey firstByte: UInt8?) -> Character {
        guard let byte = firstByte, byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") else {
            return "#"
        }
        return Character(Unicode.Scalar(byte - 0x20))
    }

    /// Section order: `A` to `Z`, then `#`.
    package static func precedes(_ a: Character, _ b: Character) -> Bool {
        if a == "#" { return false }
        if b == "#" { return true }
        return a < b
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
