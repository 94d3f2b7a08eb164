import Glibc

/// The distinct names among lines of a text, told apart by hashing their bytes (see
/// ``LineNames``).
struct DistinctNames: Sendable {
    /// For each name, in the order they were first seen, where its bytes first are in the text.
    private(set) var places: [Range<UInt32>] = []
    /// The hash of each name's bytes.
    private var hashes: [UInt64] = []
    /// An open-addressed table of slots of four words, indexed by hash: the high bits of the
    /// name's hash, its length (at most 255) and its number plus one (0 for an empty slot); then
    /// its first 24 bytes, padded with zeros. Most names are told apart, or found equal, by
    /// their slot alone, one read of memory where the text and the names' bytes are far apart.
    private var slots = [UInt64](repeating: 0, count: 4 * 1024)
    private static let slotWords = 4
    private static let inlineBytes = 24

    /// How many names there are.
    var count: Int { places.count }

    /// The number of the name at `place` in `text`: a new one, the next, when no name seen
    /// before has its bytes.
    /// - Complexity: O(1) expected: one hash of the bytes, and mostly one comparison.
    @inline(__always)
    mutating func number(of place: Range<UInt32>, in text: UnsafeBufferPointer<UInt8>) -> UInt32 {
        // A place is in the text, which is then not empty.
        let base = text.baseAddress.unsafelyUnwrapped
        let start = base + Int(place.lowerBound)
        let count = place.count
        let limit = base + text.count
        let words = (
            Self.word(start, count, 0, limit), Self.word(start, count, 8, limit), Self.word(start, count, 16, limit)
        )
        let hash = Self.hash(start, count, words, limit)
        let head = Self.head(hash, count)
        let mask = slots.count / Self.slotWords - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let found: Int? = slots.withUnsafeBufferPointer { slots in
            while slots[slot * Self.slotWords] != 0 {
                let at = slot * Self.slotWords
                if slots[at] & ~0xFFFF_FFFF == head, slots[at + 1] == words.0, slots[at + 2] == words.1,
                    slots[at + 3] == words.2
                {
                    let name = Int(truncatingIfNeeded: slots[at] & 0xFFFF_FFFF) - 1
                    if count <= Self.inlineBytes || sameTail(start, count, name, base) { return name }
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
        if let found { return UInt32(found) }
        let name = places.count
        places.append(place)
        hashes.append(hash)
        let at = slot * Self.slotWords
        slots[at] = head | UInt64(name + 1)
        (slots[at + 1], slots[at + 2], slots[at + 3]) = words
        if places.count * 4 > slots.count / Self.slotWords * 3 { grow() }
        return UInt32(name)
    }

    /// The first word of a slot, without the name's number: the hash's high bits and the length.
    @inline(__always)
    private static func head(_ hash: UInt64, _ count: Int) -> UInt64 {
        hash & 0xFFFF_FF00_0000_0000 | UInt64(min(count, 255)) << 32
    }

    /// The bytes `offset..<offset + 8` of the `count` bytes at `start`, little-endian, zeros past
    /// the end; read as one word where the eight bytes lie before `limit`, the end of the text.
    @inline(__always)
    private static func word(
        _ start: UnsafePointer<UInt8>, _ count: Int, _ offset: Int, _ limit: UnsafePointer<UInt8>
    ) -> UInt64 {
        if offset >= count { return 0 }
        if offset + 8 <= count || start + offset + 8 <= limit {
            let word = UInt64(littleEndian: UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self))
            let kept = count - offset
            return kept >= 8 ? word : word & (UInt64.max >> (64 - 8 * UInt64(kept)))
        }
        var word: UInt64 = 0
        var index = offset
        while index < count {
            word |= UInt64(start[index]) << (8 * UInt64(index - offset))
            index += 1
        }
        return word
    }

    /// Whether the bytes of the `count` bytes at `start` past the first 24 are those of name
    /// `name`, whose length is `count`, in the text at `base`.
    private func sameTail(_ start: UnsafePointer<UInt8>, _ count: Int, _ name: Int, _ base: UnsafePointer<UInt8>)
        -> Bool
    {
        let place = places[name]
        guard place.count == count else { return false }
        let stored = base + Int(place.lowerBound)
        return memcmp(start + Self.inlineBytes, stored + Self.inlineBytes, count - Self.inlineBytes) == 0
    }

    /// Doubles the table, placing every name again.
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count / Self.slotWords - 1
        for at in stride(from: 0, to: old.count, by: Self.slotWords) where old[at] != 0 {
            let name = Int(truncatingIfNeeded: old[at] & 0xFFFF_FFFF) - 1
            var slot = Int(truncatingIfNeeded: hashes[name]) & mask
            while slots[slot * Self.slotWords] != 0 { slot = (slot + 1) & mask }
            for word in 0..<Self.slotWords { slots[slot * Self.slotWords + word] = old[at + word] }
        }
    }

    /// A hash of the `count` bytes at `start`, whose first 24 are `words` (see
    /// `word(_:_:_:_:)`), eight at a time.
    @inline(__always)
    private static func hash(
        _ start: UnsafePointer<UInt8>, _ count: Int, _ words: (UInt64, UInt64, UInt64), _ limit: UnsafePointer<UInt8>
    ) -> UInt64 {
        var hash = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
        }
        mix(words.0)
        mix(words.1)
        mix(words.2)
        var offset = inlineBytes
        while offset < count {
            mix(word(start, count, offset, limit))
            offset += 8
        }
        return hash ^ (hash >> 29)
    }
}
