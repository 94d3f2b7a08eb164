import Glibc

/// The folds of single Unicode scalars, packed into integers and looked up by scalar value, so
/// that names made of ordinary letters fold without building a `Character` per letter.
///
/// A scalar qualifies when it always forms a grapheme cluster by itself (letters, digits,
/// punctuation, symbols and spaces that never join a neighbour) and its fold is at most 7 UTF-8
/// bytes; for those, folding scalar by scalar gives exactly what ``TextFolding/fold(_:_:)-swift.method``
/// gives one character at a time. A name holding any other scalar takes that slower path.
struct ScalarFolds: Sendable {
    /// One entry per scalar of the Basic Multilingual Plane and strength; 0 when not yet folded.
    private var basic: BasicTable?
    private var other: [UInt32: UInt64] = [:]

    /// How many folds of scalars beyond the Basic Multilingual Plane are kept.
    var otherCount: Int { other.count }

    /// Set in an entry once the scalar has been folded.
    static let known: UInt64 = 1 << 63
    /// Set in an entry when the scalar folds on its own; clear when it needs the character path.
    static let foldsAlone: UInt64 = 1 << 62

    /// The packed fold of `scalar`: its bytes in the low 56 bits, first byte lowest, their count
    /// in bits 56–59, ``foldsAlone`` clear when the scalar needs the character path.
    mutating func fold(_ scalar: UInt32, _ strength: TextFolding.Strength) -> UInt64 {
        let slot = strength == .caseOnly ? 0 : 1
        if scalar < 0x10000 {
            let index = Int(scalar) << 1 | slot
            if let cached = basic?.entries[index], cached != 0 { return cached }
            let packed = Self.compute(scalar, strength)
            // A copy's table is another's too: it starts a table of its own, empty.
            if !isKnownUniquelyReferenced(&basic) { basic = BasicTable() }
            basic?.entries[index] = packed
            return packed
        }
        let key = scalar << 1 | UInt32(slot)
        if let cached = other[key] { return cached }
        let packed = Self.compute(scalar, strength)
        other[key] = packed
        return packed
    }

    private static func compute(_ value: UInt32, _ strength: TextFolding.Strength) -> UInt64 {
        guard let scalar = Unicode.Scalar(value), standsAlone(scalar) else { return known }
        let folded = Array(TextFolding.folded(String(Character(scalar)), strength).utf8)
        guard folded.count <= 7 else { return known }
        var packed = known | foldsAlone | UInt64(folded.count) << 56
        for (index, byte) in folded.enumerated() { packed |= UInt64(byte) << (8 * UInt64(index)) }
        return packed
    }

    /// Whether `scalar` is always a grapheme cluster of its own, whatever its neighbours: its
    /// general category is a letter, number, punctuation, symbol or space, and it is none of the
    /// scalars of those categories that join (Hangul jamo, regional indicators, emoji
    /// modifiers, prepended letters, the Thai and Lao vowel AM, grapheme extenders).
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value >= 0x20 && value != 0x7F }
        let properties = scalar.properties
        if properties.isGraphemeExtend { return false }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator:
            break
        default:
            return false
        }
        switch value {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF:  // Hangul jamo
            return false
        case 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF:  // regional indicators, emoji modifiers
            return false
        case 0x0E33, 0x0EB3, 0x0D4E, 0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89,
            0x11D46, 0x11F02:  // spacing marks and prepended letters among the letters
            return false
        default:
            return true
        }
    }
}

extension TextFolding {
    /// Appends the fold of the UTF-8 text `utf8` to `output`, scalar by scalar.
    /// - Returns: false, with `output` as it was, when the text holds a scalar that must be
    ///   folded with its neighbours; ``fold(_:_:)-swift.method`` handles those.
    /// - Complexity: O(n), one table look-up per non-ASCII scalar.
    mutating func appendFold(
        _ utf8: UnsafeBufferPointer<UInt8>, _ strength: Strength, to output: inout [UInt8]
    ) -> Bool {
        let start = output.count
        var index = 0
        let count = utf8.count
        while index < count {
            let lead = utf8[index]
            if lead < 0x80 {
                // A run of printable ASCII is copied whole, then lowercased where it lies.
                var end = index
                while end < count, utf8[end] &- 0x20 < 0x5F { end += 1 }
                guard end > index else { break }
                let copied = output.count
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end]))
                output.withUnsafeMutableBufferPointer { output in
                    for place in copied..<output.count { output[place] = UTF8Text.lowercasedASCII(output[place]) }
                }
                index = end
                continue
            }
            guard let (scalar, length) = UTF8Text.multibyteScalar(in: utf8, at: index, lead: lead) else { break }
            let packed = scalarFolds.fold(scalar, strength)
            guard packed & ScalarFolds.foldsAlone != 0 else { break }
            var bytes = packed
            for _ in 0..<Int((packed >> 56) & 0xF) {
                output.append(UInt8(truncatingIfNeeded: bytes))
                bytes >>= 8
            }
            index += length
        }
        if index == count { return true }
        output.removeSubrange(start...)
        return false
    }
}

extension ScalarFolds {
    /// The table of the Basic Multilingual Plane's folds, two entries a scalar, 1 MiB in all.
    /// It is asked of the system zeroed (`calloc`), which maps fresh pages without writing
    /// them, so only the pages of the scalars looked up become resident: a list of Latin,
    /// Greek and Cyrillic names touches a few of its 256.
    fileprivate final class BasicTable: @unchecked Sendable {
        /// The entries, by scalar value times two plus the strength's slot.
        let entries: UnsafeMutablePointer<UInt64>

        private static let count = 0x20000

        init() {
            guard let memory = calloc(Self.count, MemoryLayout<UInt64>.stride) else {
                preconditionFailure("no memory for the table of scalar folds")
            }
            entries = memory.bindMemory(to: UInt64.self, capacity: Self.count)
        }

        deinit { free(entries) }
    }
}
