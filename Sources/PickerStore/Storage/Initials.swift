/// For each name, which letters `a`–`z` start one of its words, and which letter it starts
/// with, in 32 bits: what ranks a one-letter term without reading the name, and tells a longer
/// term it cannot match at a word start.
///
/// Bits 0–25 are set for the letters that start a word of the key folded for case and accents
/// (see ``WordStarts``, the given name parts included); bit 31 is set when the key starts with
/// a letter, whose number (0 for `a`) is in bits 26–30.
enum Initials {
    /// The initials of `key`, a key folded for case and accents whose given name parts start at
    /// `partStarts`.
    static func of(_ key: UnsafeBufferPointer<UInt8>, partStarts: UnsafeBufferPointer<UInt16>) -> UInt32 {
        var initials: UInt32 = 0
        if let first = key.first, first &- UInt8(ascii: "a") < 26 {
            initials = 1 << 31 | UInt32(first &- UInt8(ascii: "a")) << 26
        }
        if partStarts.isEmpty, let letters = asciiWordStartLetters(key) { return initials | letters }
        return initials | wordStartLetters(key, partStarts: partStarts)
    }

    /// A bit for each letter `a`–`z` that starts a word of `key` (``WordStarts``).
    static func wordStartLetters(_ key: UnsafeBufferPointer<UInt8>, partStarts: UnsafeBufferPointer<UInt16>) -> UInt32 {
        var letters: UInt32 = 0
        for index in key.indices where key[index] &- UInt8(ascii: "a") < 26 {
            if WordStarts.isStart(key, at: index, partStarts: partStarts) {
                letters |= 1 << UInt32(key[index] &- UInt8(ascii: "a"))
            }
        }
        return letters
    }

    /// ``wordStartLetters(_:partStarts:)`` of an ASCII key with no part starts, in one pass:
    /// a word starts at a letter or digit after any other byte. Nil when `key` is not ASCII.
    static func asciiWordStartLetters(_ key: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var letters: UInt32 = 0
        var afterWordByte = false
        for byte in key {
            guard byte < 0x80 else { return nil }
            let isWordByte = WordStarts.isASCIIWordByte(byte)
            if isWordByte, !afterWordByte, byte &- UInt8(ascii: "a") < 26 {
                letters |= 1 << UInt32(byte &- UInt8(ascii: "a"))
            }
            afterWordByte = isWordByte
        }
        return letters
    }

    /// Whether a key with `initials` starts with `letter` (`a`–`z`).
    @inline(__always)
    static func start(_ initials: UInt32, with letter: UInt8) -> Bool {
        initials >> 26 == 0x20 | UInt32(letter &- UInt8(ascii: "a"))
    }

    /// Whether a word of a key with `initials` may start with `byte`: always, for a byte that
    /// is not a letter `a`–`z`.
    @inline(__always)
    static func mayStartWord(_ initials: UInt32, with byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "a") >= 26 || initials & 1 << UInt32(byte &- UInt8(ascii: "a")) != 0
    }

    /// The tier (see ``MatchTier``) of a one-letter term `letter`, matched ignoring accents,
    /// in a key with `initials` that holds it.
    @inline(__always)
    static func tier(of letter: UInt8, _ initials: UInt32) -> UInt8 {
        if start(initials, with: letter) { return MatchTier.nameStart }
        return mayStartWord(initials, with: letter) ? MatchTier.wordStart : MatchTier.insideWord
    }

    /// ``tier(of:_:)`` of a letter `a`–`z`, in arithmetic the compiler keeps free of branches.
    @inline(__always)
    static func tier(ofLetter letter: UInt8, _ initials: UInt32) -> UInt8 {
        let index = UInt32(letter &- UInt8(ascii: "a"))
        let startsWord = UInt8(truncatingIfNeeded: initials >> index & 1)
        return initials >> 26 == 0x20 | index ? MatchTier.nameStart : MatchTier.insideWord &- startsWord
    }
}
