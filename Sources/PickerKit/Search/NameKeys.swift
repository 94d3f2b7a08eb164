/// The keys that search and sort friends, one of each per friend, in the order friends were
/// added; each is folded once, when its friend arrives.
struct NameKeys: Sendable {
    /// Each name folded for case and accents.
    private(set) var accent = ByteStore()
    /// Each name folded for case only; empty when that equals the ``accent`` key (every ASCII
    /// name, and most names in scripts without accents).
    private(set) var caseOnly = ByteStore()
    /// The sort key and id: the section byte (`a`–`z`, or `{` for `#`), then first, middle and
    /// last name folded for case and accents, separated by byte 1, which sorts below every
    /// printable byte, so that `Ann Smith` sorts before `Anna Brown`; then byte 0 and the
    /// id's UTF-8. Byte 0 in a name is stored as 1, so one comparison of these bytes orders
    /// friends by name parts, then by id.
    private(set) var sort = ByteStore()
    /// For each name, which kinds of bytes its keys hold (see ``ByteMask``): a query term
    /// whose mask is not within it cannot match, whatever the order of the bytes. The ASCII
    /// bits come from the ``accent`` key alone (folding for case only never gives an ASCII
    /// byte that folding for accents too does not), so that one letter's bit says exactly
    /// whether the name holds that letter.
    private(set) var masks: [UInt32] = []

    /// The section byte of keys that do not start with a Latin letter.
    static let otherSection = UInt8(ascii: "{")
    /// What separates the parts of a sort key.
    static let partSeparator: UInt8 = 1

    var count: Int { masks.count }

    /// Adds the keys of `friend`, its sort key in `sortOrder`, folding with `folding`.
    mutating func add(_ friend: Friend, sortOrder: NameOrder = .first, folding: inout TextFolding) {
        var name = friend.name
        name.withUTF8 { utf8 in
            let start = accent.bytes.count
            if !folding.appendFold(utf8, .caseAndAccents, to: &accent.bytes) {
                accent.appendBytes(folding.fold(friend.name, .caseAndAccents))
            }
            accent.closeString()
            var mask = ByteMask.of(accent.bytes[start...])
            let caseStart = caseOnly.bytes.count
            if utf8.contains(where: { $0 >= 0x80 }) {
                if !folding.appendFold(utf8, .caseOnly, to: &caseOnly.bytes) {
                    caseOnly.appendBytes(folding.fold(friend.name, .caseOnly))
                }
                if caseOnly.bytes[caseStart...].elementsEqual(accent.bytes[start...]) {
                    caseOnly.bytes.removeSubrange(caseStart...)
                } else {
                    mask |= ByteMask.of(caseOnly.bytes[caseStart...]) & ByteMask.nonASCII
                }
            }
            caseOnly.closeString()
            masks.append(mask)
            addSortKey(friend, utf8, sortOrder: sortOrder, folding: &folding)
        }
    }

    /// Appends every key of `other`, in order.
    mutating func append(contentsOf other: NameKeys) {
        accent.append(contentsOf: other.accent)
        caseOnly.append(contentsOf: other.caseOnly)
        sort.append(contentsOf: other.sort)
        masks += other.masks
    }

    private mutating func addSortKey(
        _ friend: Friend, _ name: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder, folding: inout TextFolding
    ) {
        let start = sort.bytes.count
        sort.bytes.append(0)
        if sortOrder == .last {
            appendLastNameSortKey(friend.nameParts, folding: &folding)
        } else if friend.firstName != nil || friend.lastName != nil {
            appendSortPart(friend.firstName, folding: &folding)
            sort.bytes.append(Self.partSeparator)
            appendSortPart(friend.middleName, folding: &folding)
            sort.bytes.append(Self.partSeparator)
            appendSortPart(friend.lastName, folding: &folding)
        } else if !appendDerivedSortKey(name, folding: &folding) {
            let parts = friend.nameParts
            for (index, part) in [parts.first, parts.middle, parts.last].enumerated() {
                if index > 0 { sort.bytes.append(Self.partSeparator) }
                sort.appendBytes(folding.fold(part, .caseAndAccents))
            }
        }
        let first = start + 1 < sort.bytes.count ? sort.bytes[start + 1] : 0
        sort.bytes[start] = first &- UInt8(ascii: "a") < 26 ? first : Self.otherSection
        for index in (start + 1)..<sort.bytes.count where sort.bytes[index] == 0 { sort.bytes[index] = 1 }
        sort.bytes.append(0)
        var id = friend.id
        id.withUTF8 { sort.bytes.append(contentsOf: $0) }
        sort.closeString()
    }

    /// Appends last, first and middle name, or first, middle and last for a name without a
    /// last name (it sorts by its first name).
    private mutating func appendLastNameSortKey(_ parts: NameParts, folding: inout TextFolding) {
        let ordered = parts.last.isEmpty ? [parts.first, parts.middle, parts.last] : [parts.last, parts.first, parts.middle]
        for (index, part) in ordered.enumerated() {
            if index > 0 { sort.bytes.append(Self.partSeparator) }
            appendSortPart(part, folding: &folding)
        }
    }

    private mutating func appendSortPart(_ part: String?, folding: inout TextFolding) {
        guard let part, !part.isEmpty else { return }
        var text = part
        text.withUTF8 { utf8 in
            if !folding.appendFold(utf8, .caseAndAccents, to: &sort.bytes) {
                sort.appendBytes(folding.fold(part, .caseAndAccents))
            }
        }
    }

    /// Appends the sort key parts of a name with no given parts, as ``Friend/nameParts``
    /// derives them: the first word, the words between, the last word.
    /// - Returns: false, with nothing appended, when a scalar of the name needs the character
    ///   path of folding.
    private mutating func appendDerivedSortKey(_ name: UnsafeBufferPointer<UInt8>, folding: inout TextFolding) -> Bool {
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
                else { return false }
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
        let keyStart = sort.bytes.count
        func fold(_ word: Range<Int>) -> Bool {
            folding.appendFold(UnsafeBufferPointer(rebasing: name[word]), .caseAndAccents, to: &sort.bytes)
        }
        var folded = words.first.map(fold) ?? true
        sort.bytes.append(Self.partSeparator)
        for number in words.indices.dropFirst().dropLast() where folded {
            if number > 1 { sort.bytes.append(0x20) }
            folded = fold(words[number])
        }
        sort.bytes.append(Self.partSeparator)
        if words.count >= 2, folded { folded = fold(words[words.count - 1]) }
        if !folded { sort.bytes.removeSubrange(keyStart...) }
        return folded
    }
}

/// Which kinds of bytes a byte string holds, as 32 bits: one per letter `a`–`z`, two for the
/// other ASCII bytes and four for the bytes of non-ASCII characters.
enum ByteMask {
    /// The bits of non-ASCII bytes.
    static let nonASCII: UInt32 = 0xF000_0000

    /// Whether a term of these folded bytes matches exactly the names whose mask has its bit:
    /// a single letter `a`–`z`.
    static func decides(_ term: [UInt8]) -> Bool {
        term.count == 1 && term[0] &- UInt8(ascii: "a") < 26
    }

    static func of(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var mask: UInt32 = 0
        for byte in bytes { mask |= bit(byte) }
        return mask
    }

    @inline(__always)
    static func bit(_ byte: UInt8) -> UInt32 {
        if byte &- UInt8(ascii: "a") < 26 { return 1 << UInt32(byte &- UInt8(ascii: "a")) }
        if byte < 0x80 { return 1 << (26 + UInt32(byte & 1)) }
        return 1 << (28 + UInt32(byte & 3))
    }
}
