import Glibc

/// The distinct names among lines of a text, told apart by hashing their bytes: a list of names
/// repeats a few names many times (the generated million holds 76,593 distinct ones), so what
/// depends on the name alone, its sort key above all, is worked out once per name.
struct DistinctNames: Sendable {
    /// For each name, in the order they were first seen, where its bytes first are in the text.
    private(set) var places: [Range<UInt32>] = []
    /// The hash of each name's bytes.
    private var hashes: [UInt64] = []
    /// An open-addressed table of name numbers plus one (0 for an empty slot), indexed by hash.
    private var slots = [UInt32](repeating: 0, count: 1024)

    /// How many names there are.
    var count: Int { places.count }

    /// The number of the name at `place` in the text at `base`: a new one, the next, when no
    /// name seen before has its bytes.
    /// - Complexity: O(1) expected: one hash of the bytes, and mostly one comparison.
    @inline(__always)
    mutating func number(of place: Range<UInt32>, in base: UnsafePointer<UInt8>) -> UInt32 {
        let start = base + Int(place.lowerBound)
        let count = place.count
        let hash = Self.hash(start, count)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let name = Int(slots[slot] &- 1)
            let other = places[name]
            if hashes[name] == hash, other.count == count, memcmp(start, base + Int(other.lowerBound), count) == 0 {
                return UInt32(name)
            }
            slot = (slot + 1) & mask
        }
        let name = UInt32(places.count)
        places.append(place)
        hashes.append(hash)
        slots[slot] = name + 1
        if places.count * 2 > slots.count { grow() }
        return name
    }

    /// Takes in the names of `other`, found in the same `text`: for each of them, its number
    /// here.
    mutating func absorb(_ other: DistinctNames, in text: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        // An empty text holds no names.
        guard let base = text.baseAddress else { return [] }
        return other.places.map { number(of: $0, in: base) }
    }

    /// Doubles the table, placing every name again.
    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (name, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(name + 1)
        }
    }

    /// A hash of `count` bytes at `start`, eight at a time.
    @inline(__always)
    private static func hash(_ start: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var hash = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        let raw = UnsafeRawPointer(start)
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        if offset < count {
            var word: UInt64 = 0
            for index in offset..<count { word |= UInt64(start[index]) << (8 * UInt64(index - offset)) }
            hash = (hash ^ word) &* 0xC4CE_B9FE_1A85_EC53
        }
        return hash ^ (hash >> 29)
    }
}
