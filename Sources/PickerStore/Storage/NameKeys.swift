/// The keys that search and sort friends, one of each per friend, in the order friends were
/// added; each is folded once, when its friend arrives.
struct NameKeys: Sendable {
    /// Each name folded for case and accents.
    private(set) var accent = ByteStore()
    /// Each name folded for case only, kept only where that is not the ``accent`` key (every
    /// ASCII name is, and most names in scripts without accents).
    private(set) var caseOnly = SparseKeys()
    /// The sort keys that cannot be derived from their friends' accent keys, by friend number.
    ///
    /// A friend's ``SortEntry`` is its section byte and name parts folded, then its id. For nearly
    /// every friend the parts are the words of its name, and folding the whole name gives the
    /// words that folding them one by one gives, so the key is derived from the accent key when it
    /// is needed (``SortEntry/appendKey(derivedFrom:sortOrder:to:)``) and nothing is stored. The
    /// others keep their key here: parts a service gave that are not the name's words (`王小明`
    /// given as `王` and `小明`), or not in their order, any name whose words folded one by one
    /// are not the words of the name folded whole, and a name sorted by its reading
    /// (``NameReading``). Each friend's key is made from its name and parts when its keys are,
    /// and compared with the derived one: only a key that differs is kept. A plain name
    /// (``isPlain(_:accentKey:)``) has the derived key: nothing is made, unless it has a reading.
    private(set) var storedSortKeys = SparseKeys()
    /// For each name, which kinds of bytes its keys hold (see ``ByteMask``): a query term
    /// whose mask is not within it cannot match, whatever the order of the bytes. The ASCII
    /// bits come from the ``accent`` key alone (folding for case only never gives an ASCII
    /// byte that folding for accents too does not), so that one letter's bit says exactly
    /// whether the name holds that letter.
    private(set) var masks: [UInt32] = []
    /// For each name, the letters that start its words and the letter it starts with (see
    /// ``Initials``).
    private(set) var initials: [UInt32] = []
    /// For each name, the pairs of neighbouring bytes its accent key holds (see ``BytePairs``):
    /// 4 bytes a friend.
    private(set) var pairs: [UInt32] = []
    /// Where the name parts the service gave start inside a word of the keys, for the few
    /// names whose parts are not apart already (`王小明`, given as `王` and `小明`).
    private(set) var partStarts = PartStarts()

    var count: Int { masks.count }

    /// Adds the keys of the friend whose strings are `friend`, its sort key in `sortOrder`,
    /// folding with `folding`, and appends its sort key (``SortEntry``) to `entries` as a string
    /// of its own.
    mutating func add(
        _ friend: FriendText, sortOrder: NameOrder = .first, folding: inout TextFolding, entries: inout ByteStore
    ) {
        let utf8 = friend.name
        /// The name as a string, for the folding of the few characters that take the long way.
        func name() -> String { String(decoding: utf8, as: UTF8.self) }
        let start = accent.bytes.count
        let foldedAlone = folding.appendFold(utf8, .caseAndAccents, to: &accent.bytes)
        if !foldedAlone { accent.appendBytes(folding.fold(name(), .caseAndAccents)) }
        accent.closeString()
        var mask = ByteMask.of(accent.bytes[start...])
        var caseKeyStored = false
        if !UTF8Text.isASCII(utf8) {
            let accentKey = accent.bytes[start...]
            caseOnly.add(number: masks.count) { bytes, caseStart in
                if !folding.appendFold(utf8, .caseOnly, to: &bytes) {
                    bytes += folding.fold(name(), .caseOnly)
                }
                guard !bytes[caseStart...].elementsEqual(accentKey) else { return false }
                mask |= ByteMask.of(bytes[caseStart...]) & ByteMask.nonASCII
                caseKeyStored = true
                return true
            }
        }
        let isPlain = accent.bytes.withUnsafeBufferPointer { bytes in
            Self.isPlain(friend, accentKey: foldedAlone ? UnsafeBufferPointer(rebasing: bytes[start...]) : nil)
        }
        // A name that is not plain goes the long way, with its strings made.
        let strings = isPlain ? nil : friend.friend
        let starts =
            strings.map {
                partStarts.add(
                    $0, number: masks.count, utf8: utf8, caseKeyStored: caseKeyStored, folding: &folding)
            } ?? []
        masks.append(mask)
        pairs.append(
            accent.bytes.withUnsafeBufferPointer { bytes in
                var joined: [UInt8] = []
                let key = UnsafeBufferPointer(rebasing: bytes[start...])
                return BytePairs.of(key: key, mask: mask, joined: &joined)
            })
        initials.append(
            accent.bytes.withUnsafeBufferPointer { bytes in
                starts.withUnsafeBufferPointer {
                    Initials.of(UnsafeBufferPointer(rebasing: bytes[start...]), partStarts: $0)
                }
            })
        guard let strings else {
            let key = entries.bytes.count
            accent.bytes.withUnsafeBufferPointer { bytes in
                SortEntry.appendKey(
                    derivedFrom: UnsafeBufferPointer(rebasing: bytes[start...]), sortOrder: sortOrder,
                    to: &entries.bytes)
            }
            if let reading = friend.reading,
                Self.sortByReading(reading, keyAt: key, of: &entries.bytes, folding: &folding)
            {
                storedSortKeys.add(entries.bytes[key...], number: masks.count - 1)
            }
            entries.closeString()
            return
        }
        let given = strings.firstName != nil || strings.lastName != nil ? strings.nameParts : nil
        let key = entries.bytes.count
        SortEntry.append(name: utf8, givenParts: given, sortOrder: sortOrder, folding: &folding, to: &entries.bytes)
        if let reading = friend.reading {
            Self.sortByReading(reading, keyAt: key, of: &entries.bytes, folding: &folding)
        }
        entries.closeString()
        // The key derived from the accent key is put after it for a moment: where the two
        // differ, the key is kept.
        let keyEnd = entries.bytes.count
        accent.bytes.withUnsafeBufferPointer { bytes in
            SortEntry.appendKey(
                derivedFrom: UnsafeBufferPointer(rebasing: bytes[start...]), sortOrder: sortOrder,
                to: &entries.bytes)
        }
        if !entries.bytes[keyEnd...].elementsEqual(entries.bytes[key..<keyEnd]) {
            storedSortKeys.add(entries.bytes[key..<keyEnd], number: masks.count - 1)
        }
        entries.bytes.removeSubrange(keyEnd...)
    }

    /// Puts the sort key at `key` of `bytes`, the last there, in its place by `reading` when the
    /// name has no section of its own (`#`: `山田太郎`) and the reading's first letter has one
    /// (``NameReading``).
    /// - Returns: whether the key was replaced.
    @discardableResult
    private static func sortByReading(
        _ reading: String, keyAt key: Int, of bytes: inout [UInt8], folding: inout TextFolding
    ) -> Bool {
        guard bytes[key] == SortEntry.otherSection else { return false }
        let end = bytes.count
        guard NameReading.appendSortKey(reading, folding: &folding, to: &bytes) else { return false }
        bytes.removeSubrange(key..<end)
        return true
    }

    /// Appends friend `number`'s sort key (``SortEntry``) in `sortOrder`, the order its keys
    /// were added in, to `bytes`: as stored, or derived from its accent key.
    func appendSortKey(_ number: Int, sortOrder: NameOrder, to bytes: inout [UInt8]) {
        if let stored = storedSortKeys.range(of: number) {
            bytes += storedSortKeys.strings.bytes[stored]
            return
        }
        accent.bytes.withUnsafeBufferPointer { accentBytes in
            SortEntry.appendKey(
                derivedFrom: UnsafeBufferPointer(rebasing: accentBytes[accent.range(number)]), sortOrder: sortOrder,
                to: &bytes)
        }
    }

    /// Makes room for the keys of `total` friends in all.
    mutating func reserve(_ total: Int) {
        accent.reserve(total)
        caseOnly.reserve(total, friendCount: count)
        GrowthPlan.reserve(&masks, total)
        GrowthPlan.reserve(&initials, total)
        GrowthPlan.reserve(&pairs, total)
    }

    /// Appends every key of `other`, in order.
    mutating func append(contentsOf other: NameKeys) {
        accent.append(contentsOf: other.accent)
        caseOnly.append(contentsOf: other.caseOnly, numberedFrom: masks.count)
        storedSortKeys.append(contentsOf: other.storedSortKeys, numberedFrom: masks.count)
        partStarts.append(contentsOf: other.partStarts, numberedFrom: masks.count)
        masks += other.masks
        initials += other.initials
        pairs += other.pairs
    }
}

/// Which kinds of bytes a byte string holds, as 32 bits: one per letter `a`–`z`, one for
/// ASCII punctuation (``JoinedKey/isPunctuation(_:)``), one for the other ASCII bytes
/// (digits, white space) and four for the bytes of non-ASCII characters.
enum ByteMask {
    /// The bit of ASCII punctuation: a name without it has no ``JoinedKey`` to search.
    static let punctuation: UInt32 = 1 << 27

    /// The bits of non-ASCII bytes.
    static let nonASCII: UInt32 = 0xF000_0000

    /// Whether a term of these folded bytes matches exactly the names whose mask has its bit:
    /// a single letter `a`–`z`.
    static func decides(_ term: [UInt8]) -> Bool {
        term.count == 1 && term[0] &- UInt8(ascii: "a") < 26
    }

    static func of(_ bytes: some Sequence<UInt8>) -> UInt32 {
        bits.withUnsafeBufferPointer { bits in
            var mask: UInt32 = 0
            for byte in bytes { mask |= bits[Int(byte)] }
            return mask
        }
    }

    /// The bit of each byte.
    private static let bits: [UInt32] = (0...255).map { bit(UInt8($0)) }

    @inline(__always)
    static func bit(_ byte: UInt8) -> UInt32 {
        if byte &- UInt8(ascii: "a") < 26 { return 1 << UInt32(byte &- UInt8(ascii: "a")) }
        if byte < 0x80 { return JoinedKey.isPunctuation(byte) ? punctuation : 1 << 26 }
        return 1 << (28 + UInt32(byte & 3))
    }
}

extension NameKeys {
    /// Widens the mask of the friend added last by `mask`: the bytes a search may find in its
    /// details (an address book's card, its emails) as well as in its name.
    mutating func widenLastMask(by mask: UInt32) {
        masks[masks.count - 1] |= mask
    }

    /// Widens the mask of friend `number` by `mask`, as ``widenLastMask(by:)`` does the last's.
    mutating func widenMask(of number: Int, by mask: UInt32) {
        masks[number] |= mask
    }
}

extension NameKeys {
    #if DEBUG
        /// Checks, in debug builds, that every friend has each key, a case-only key only where
        /// it differs from the accent key, and a mask that covers its accent key.
        func _checkInvariants() {
            storedSortKeys._checkInvariants(friendCount: count)
            caseOnly._checkInvariants(friendCount: count)
            accent._checkInvariants()
            precondition(accent.count == masks.count, "an accent key per friend")
            precondition(initials.count == masks.count, "initials per friend")
            precondition(pairs.count == masks.count, "pairs per friend")
            for number in 0..<count {
                let accentKey = accent.bytes[accent.range(number)]
                if let range = caseOnly.range(of: number) {
                    precondition(
                        !caseOnly.strings.bytes[range].elementsEqual(accentKey), "a case key only where it differs")
                }
                let mask = ByteMask.of(accentKey)
                precondition(masks[number] & mask == mask, "the mask covers the accent key")
                var joined: [UInt8] = []
                let keyPairs = Array(accentKey).withUnsafeBufferPointer {
                    BytePairs.of(key: $0, mask: mask, joined: &joined)
                }
                precondition(pairs[number] == keyPairs, "the pairs are the accent key's")
            }
        }
    #else
        @inline(__always) func _checkInvariants() {}
    #endif
}
