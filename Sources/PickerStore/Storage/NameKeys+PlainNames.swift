import Glibc

extension NameKeys {
    /// Whether `friend`'s name is plain: its words are apart by
    /// spaces, and the parts the service gave, if any, are its words as written (the first name
    /// its first word, the middle name the words between, one space apart, or absent when there
    /// are none, the last name its last word). A name that is not printable ASCII is plain only
    /// when `accentKey`, its accent key, was folded scalar by scalar (nil when it was not),
    /// its words are one space apart, and each word folds to a word: the key holds the name's
    /// spaces and no other white space, none of them side by side or at an end.
    ///
    /// Folding such a name folds each word on its own to the same bytes, so its sort key is the
    /// one derived from its accent key, and its parts start where its words do: neither is
    /// worked out again from the parts. That is nearly every name a service or a file gives;
    /// any other goes the long way.
    static func isPlain(_ friend: FriendText, accentKey: UnsafeBufferPointer<UInt8>?) -> Bool {
        let utf8 = friend.name
        var first = 0..<0
        var second: Range<Int>?
        var last = 0..<0
        var wordCount = 0
        var singleSpaced = true
        var isASCII = true
        var index = 0
        while index < utf8.count {
            guard utf8[index] != 0x20 else {
                index += 1
                continue
            }
            let start = index
            while index < utf8.count, utf8[index] != 0x20 {
                let byte = utf8[index]
                if byte >= 0x80 {
                    guard accentKey != nil else { return false }
                    isASCII = false
                } else if byte < 0x20 || byte == 0x7F {
                    return false
                }
                index += 1
            }
            if wordCount >= 2, start - last.upperBound != 1 { singleSpaced = false }
            if wordCount == 0 { first = start..<index } else if wordCount == 1 { second = start..<index }
            last = start..<index
            wordCount += 1
        }
        if !isASCII {
            // One space between words, none around them, and the key folded from them likewise.
            guard let accentKey, first.lowerBound == 0, last.upperBound == utf8.count,
                Self.spacesApart(utf8) == wordCount - 1, Self.spacesApart(accentKey) == wordCount - 1
            else { return false }
        }
        guard friend.hasParts else { return true }
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

    /// The number of spaces in the UTF-8 text `bytes`, when it does not start or end with one,
    /// holds no two side by side and no other white space (``Whitespace``); nil otherwise.
    private static func spacesApart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return nil }
        var spaces = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 {
                guard bytes[index + 1] != 0x20 else { return nil }
                spaces += 1
            } else if byte &- 0x09 < 5 {
                return nil
            } else if byte == 0xC2 || byte &- 0xE1 < 3, let (value, _) = UTF8Text.scalar(in: bytes, at: index),
                Whitespace.contains(value)
            {
                // Past ASCII, only these lead bytes start white space.
                return nil
            }
            index += 1
        }
        return spaces
    }

    /// Whether `part` is given and spells bytes `range` of `name`.
    private static func part(
        _ part: UnsafeBufferPointer<UInt8>?, is range: Range<Int>, of name: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard let part else { return false }
        return part.count == range.count
            && (range.isEmpty || memcmp(part.baseAddress!, name.baseAddress! + range.lowerBound, range.count) == 0)
    }
}
