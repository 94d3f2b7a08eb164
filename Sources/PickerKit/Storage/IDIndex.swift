/// Finds a friend by id: an open-addressing hash table of friend numbers (the order friends
/// were added), with the ids themselves kept by the caller.
///
/// A slot holds 32 bits of the id's hash and the friend's number, so that growing needs no id
/// and most probes read no id: a million friends take 16 MB, where a `[String: Int]` takes
/// several times that. An id's home slot is taken from the high bits of its hash, so that ids
/// looked up in order of their hashes visit the table front to back, which the memory system
/// can see coming (a table of a million friends does not fit in a cache).
struct IDIndex: Sendable {
    /// Hash bits in the high half, friend number + 1 in the low half; 0 for an empty slot.
    /// The count is a power of two.
    private var slots: [UInt64] = []
    /// How far a hash is shifted right to give its home slot.
    private var shift: UInt32 = 32

    /// The hash of an id's UTF-8 bytes (FNV-1a, then mixed), 32 bits.
    static func hash(_ id: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 33))
    }

    /// Makes room for `total` friends without growing while they are added.
    mutating func reserve(_ total: Int) {
        guard total * 2 > slots.count else { return }
        var capacity = 16
        var bits: UInt32 = 4
        while capacity < total * 2 {
            capacity <<= 1
            bits += 1
        }
        let old = slots
        slots = [UInt64](repeating: 0, count: capacity)
        shift = 32 - bits
        for slot in old where slot != 0 { place(slot) }
    }

    /// The number of the friend whose id has `hash` and satisfies `isID`, if there is one.
    func find(hash: UInt32, isID: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var index = home(hash)
        while slots[index] != 0 {
            let slot = slots[index]
            if UInt32(truncatingIfNeeded: slot >> 32) == hash, isID(Int(slot & 0xFFFF_FFFF) - 1) {
                return Int(slot & 0xFFFF_FFFF) - 1
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Adds friend `number`, whose id has `hash` and is not in the table yet; ``reserve(_:)``
    /// must have made room.
    mutating func insert(_ number: Int, hash: UInt32) {
        place(UInt64(hash) << 32 | UInt64(truncatingIfNeeded: number + 1))
    }

    /// Puts `slot` in the first free slot from its home.
    private mutating func place(_ slot: UInt64) {
        let mask = slots.count - 1
        var index = home(UInt32(truncatingIfNeeded: slot >> 32))
        while slots[index] != 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    /// The home slot of `hash`: its high bits.
    private func home(_ hash: UInt32) -> Int {
        Int(UInt64(hash) >> UInt64(shift))
    }
}

extension IDIndex {
    #if DEBUG
        /// Checks, in debug builds, the table's shape (a power of two of slots, at most half of
        /// them full, each number once) and that every entry is found from its home slot: no
        /// empty slot lies between them.
        /// - Returns: the friend numbers the table holds.
        @discardableResult
        func _checkInvariants() -> Set<Int> {
            precondition(slots.isEmpty || slots.count.nonzeroBitCount == 1, "a power of two of slots")
            precondition(slots.isEmpty || slots.count == 1 << (32 - Int(shift)), "the shift gives a slot")
            var numbers = Set<Int>()
            for (index, slot) in slots.enumerated() where slot != 0 {
                precondition(numbers.insert(Int(slot & 0xFFFF_FFFF) - 1).inserted, "each number once")
                var probe = home(UInt32(truncatingIfNeeded: slot >> 32))
                while probe != index {
                    precondition(slots[probe] != 0, "no empty slot between an entry and its home")
                    probe = (probe + 1) & (slots.count - 1)
                }
            }
            precondition(numbers.count * 2 <= slots.count, "at most half of the slots full")
            return numbers
        }
    #else
        @inline(__always) func _checkInvariants() {}
    #endif
}
