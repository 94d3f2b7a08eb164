/// Where the words of a folded name start, for the ranking: a word is a run of letters, marks
/// and digits; it starts at the beginning of the name, after anything else (a space, a hyphen,
/// an apostrophe, a period, a parenthesis…), and where the script changes (`山田たろう` has
/// two words, Han then Hiragana). Name parts the service gave count as words too; their
/// starts are passed in, as byte offsets of the same key.
package enum WordStarts {
    /// Whether a word starts at byte `index` of the UTF-8 text `key` (the first byte of a
    /// character), or `index` is one of `partStarts`.
    /// - Complexity: O(1): at most the character before and the one at `index` are decoded.
    @inline(__always)
    static func isStart(_ key: UnsafeBufferPointer<UInt8>, at index: Int, partStarts: UnsafeBufferPointer<UInt16>)
        -> Bool
    {
        if index == 0 { return true }
        let current = key[index]
        let before = key[index - 1]
        if current < 0x80, before < 0x80 {
            // The common case: both ASCII, a word starts at a letter or digit after anything else.
            if !isASCIIWordByte(current) { return false }
            if !isASCIIWordByte(before) { return true }
            return isPartStart(index, partStarts)
        }
        return isStart(beyondASCII: key, at: index, partStarts: partStarts)
    }

    /// ``isStart(_:at:partStarts:)`` where the byte at `index` or the one before is not ASCII:
    /// kept out of line, so that the loops the ASCII test is inlined into do not look up the
    /// Unicode property types on every call.
    @inline(never)
    private static func isStart(
        beyondASCII key: UnsafeBufferPointer<UInt8>, at index: Int, partStarts: UnsafeBufferPointer<UInt16>
    ) -> Bool {
        guard let scalar = UTF8Text.scalar(in: key, at: index)?.value else { return false }
        guard isWordCharacter(scalar) else { return false }
        let previous = scalarEnding(at: index, in: key)
        if !isWordCharacter(previous) { return true }
        let (script, previousScript) = (Script.of(scalar), Script.of(previous))
        if script != .common, previousScript != .common, script != previousScript { return true }
        return isPartStart(index, partStarts)
    }

    /// Whether an ASCII byte is a letter or a digit.
    @inline(__always)
    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    /// Whether `scalar` belongs in a word: a letter, a mark or a number.
    package static func isWordCharacter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIWordByte(UInt8(scalar)) }
        guard let value = Unicode.Scalar(scalar) else { return false }
        switch value.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    @inline(__always)
    private static func isPartStart(_ index: Int, _ partStarts: UnsafeBufferPointer<UInt16>) -> Bool {
        !partStarts.isEmpty && partStarts.contains(UInt16(truncatingIfNeeded: index))
    }

    /// The scalar whose UTF-8 ends just before byte `index` of `key`; U+FFFD when the bytes
    /// there are not UTF-8.
    private static func scalarEnding(at index: Int, in key: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var start = index - 1
        while start > 0, index - start < 4, key[start] & 0xC0 == 0x80 { start -= 1 }
        guard let (value, length) = UTF8Text.scalar(in: key, at: start), start + length == index else { return 0xFFFD }
        return value
    }
}

/// The writing system of a letter, as far as telling words apart needs: a change from one to
/// another starts a word. Digits, punctuation and marks are `common` and change nothing.
package enum Script: UInt8 {
    case common, latin, greek, cyrillic, armenian, hebrew, arabic, indic, thai, georgian, hangul
    case hiragana, katakana, han, other

    /// The script of `scalar`, from the Unicode blocks that hold each.
    package static func of(_ scalar: UInt32) -> Script {
        switch scalar {
        case 0x30...0x39: return .common
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xFF21...0xFF5A:
            return .latin
        case 0x80...0xBF, 0x300...0x36F, 0x2000...0x2BFF, 0x3000...0x303F, 0xFF00...0xFF20: return .common
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x530...0x58F: return .armenian
        case 0x590...0x5FF, 0xFB1D...0xFB4F: return .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
        case 0x900...0xDFF: return .indic
        case 0xE00...0xEFF: return .thai
        case 0x10A0...0x10FF, 0x2D00...0x2D2F: return .georgian
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .hangul
        case 0x3040...0x309F: return .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .katakana
        case 0x2E80...0x2FDF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return .han
        default: return .other
        }
    }
}
