/// Finds a friend by id: an open-addressing hash table of friend numbers (the order friends
/// were added), with the ids themselves kept by the caller.
///
/// A slot holds the friend's number and 16 bits of its id's hash, so that most probes read no
/// id: 6 bytes a slot, at most four slots in five full and three in five once room is made,
/// so a million friends take about 10 MB, where a `[String: Int]` takes several times that.
/// An id's home slot is taken from the high bits of its hash, so that ids looked up in order
/// of their hashes visit the table front to back, which the memory system can see coming (a
/// table of a million friends does not fit in a cache). Moving the entries to a larger table
/// needs their hashes again, which the caller gives from the ids.
struct IDIndex: Sendable {
    /// Friend number + 1 in each slot; 0 for an empty slot.
    private var numbers: [UInt32] = []
    /// The low 16 bits of the hash of each slot's id.
    private var tags: [UInt16] = []

    /// The hash of an id's UTF-8 bytes (FNV-1a, then mixed), 32 bits.
    static func hash(_ id: UnsafeBufferPointer<UInt8>) -> UInt32 { UInt32(truncatingIfNeeded: wideHash(id)) }

    /// The hash of an id's UTF-8 bytes, 64 bits, of which ``hash(_:)`` is the low half.
    static func wideHash(_ id: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        return hash ^ (hash >> 33)
    }

    /// Whether two ids, given as UTF-8, are the same id: equal as strings (canonically
    /// equivalent), which for ASCII ids means equal bytes.
    static func sameID(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        if left.elementsEqual(right) { return true }
        guard !UTF8Text.isASCII(left) || !UTF8Text.isASCII(right) else { return false }
        return String(decoding: left, as: UTF8.self) == String(decoding: right, as: UTF8.self)
    }

    /// Makes room for `total` friends without growing while they are added, when the table
    /// would be more than four fifths full; the friends already in it move, `hashOf` giving
    /// the hash of friend number's id.
    mutating func reserve(_ total: Int, hashOf: (Int) -> UInt32) {
        guard total * 5 > numbers.count * 4 else { return }
        let old = numbers
        numbers = [UInt32](repeating: 0, count: max(16, total * 5 / 3 + 1))
        tags = [UInt16](repeating: 0, count: numbers.count)
        for slot in old where slot != 0 { place(slot, hash: hashOf(Int(slot) - 1)) }
    }

    /// The number of the friend whose id has `hash` and satisfies `isID`, if there is one.
    func find(hash: UInt32, isID: (Int) -> Bool) -> Int? {
        guard !numbers.isEmpty else { return nil }
        let tag = UInt16(truncatingIfNeeded: hash)
        var index = home(hash)
        while numbers[index] != 0 {
            if tags[index] == tag, isID(Int(numbers[index]) - 1) { return Int(numbers[index]) - 1 }
            index = index + 1 == numbers.count ? 0 : index + 1
        }
        return nil
    }

    /// Adds friend `number`, whose id has `hash` and is not in the table yet; ``reserve(_:hashOf:)``
    /// must have made room.
    mutating func insert(_ number: Int, hash: UInt32) {
        place(UInt32(truncatingIfNeeded: number + 1), hash: hash)
    }

    /// Puts `slot` (a friend number + 1) in the first free slot from the home of `hash`.
    private mutating func place(_ slot: UInt32, hash: UInt32) {
        var index = home(hash)
        while numbers[index] != 0 { index = index + 1 == numbers.count ? 0 : index + 1 }
        numbers[index] = slot
        tags[index] = UInt16(truncatingIfNeeded: hash)
    }

    /// The home slot of `hash`: its place in the table, scaled from its high bits.
    private func home(_ hash: UInt32) -> Int {
        Int((UInt64(hash) &* UInt64(numbers.count)) >> 32)
    }
}

extension IDIndex {
    #if DEBUG
        /// Checks, in debug builds, the table's shape (at most four slots in five full, each
        /// number once, its tag from its hash, which `hashOf` gives) and that every entry is
        /// found from its home slot: no empty slot lies between them.
        /// - Returns: the friend numbers the table holds.
        @discardableResult
        func _checkInvariants(hashOf: (Int) -> UInt32) -> Set<Int> {
            precondition(numbers.count == tags.count, "a tag per slot")
            var found = Set<Int>()
            for (index, slot) in numbers.enumerated() where slot != 0 {
                let number = Int(slot) - 1
                precondition(found.insert(number).inserted, "each number once")
                precondition(tags[index] == UInt16(truncatingIfNeeded: hashOf(number)), "the tag is the hash's")
                var probe = home(hashOf(number))
                while probe != index {
                    precondition(numbers[probe] != 0, "no empty slot between an entry and its home")
                    probe = probe + 1 == numbers.count ? 0 : probe + 1
                }
            }
            precondition(found.count * 5 <= numbers.count * 4, "at most four slots in five full")
            return found
        }
    #else
        @inline(__always) func _checkInvariants(hashOf: (Int) -> UInt32) {}
    #endif
}
