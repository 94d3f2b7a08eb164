import Glibc

extension NameKeys {
    /// Whether `friend`'s name, whose UTF-8 is `utf8`, is printable ASCII and the parts the
    /// service gave, if any, are its words as written: the first name its first word, the
    /// middle name the words between, one space apart (absent when there are none), the last
    /// name its last word.
    ///
    /// Folding such a name changes no byte's place, so its sort key is the one derived from its
    /// accent key and its parts start where its words do: neither is worked out again from the
    /// parts. That is nearly every name a service or a file gives; any other goes the long way.
    static func isPlain(_ friend: Friend, utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var first = 0..<0
        var second: Range<Int>?
        var last = 0..<0
        var wordCount = 0
        var singleSpaced = true
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard byte &- 0x20 < 0x5F else { return false }
            guard byte != 0x20 else {
                index += 1
                continue
            }
            let start = index
            while index < utf8.count, utf8[index] != 0x20 {
                guard utf8[index] &- 0x20 < 0x5F else { return false }
                index += 1
            }
            if wordCount >= 2, start - last.upperBound != 1 { singleSpaced = false }
            if wordCount == 0 { first = start..<index } else if wordCount == 1 { second = start..<index }
            last = start..<index
            wordCount += 1
        }
        guard friend.firstName != nil || friend.middleName != nil || friend.lastName != nil else { return true }
        guard wordCount > 0, Self.part(friend.firstName, is: first, of: utf8) else { return false }
        switch wordCount {
        case 1:
            return friend.middleName?.isEmpty ?? true && friend.lastName?.isEmpty ?? true
        case 2:
            return friend.middleName?.isEmpty ?? true && Self.part(friend.lastName, is: last, of: utf8)
        default:
            // The words between, from the second to the one before the last, one space apart.
            guard singleSpaced, let second else { return false }
            let middle = second.lowerBound..<(last.lowerBound - 1)
            return Self.part(friend.middleName, is: middle, of: utf8) && Self.part(friend.lastName, is: last, of: utf8)
        }
    }

    /// Whether `part` is given and spells bytes `range` of `name`.
    private static func part(_ part: String?, is range: Range<Int>, of name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var part else { return false }
        return part.withUTF8 { bytes in
            bytes.count == range.count
                && (range.isEmpty || memcmp(bytes.baseAddress!, name.baseAddress! + range.lowerBound, range.count) == 0)
        }
    }
}
