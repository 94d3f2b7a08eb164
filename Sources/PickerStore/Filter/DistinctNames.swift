import Glibc

/// The distinct names among lines of a text, told apart by hashing their bytes: a list of names
/// repeats a few names many times (the generated million holds 76,593 distinct ones), so what
/// depends on the name alone, its sort key above all, is worked out once per name.
struct DistinctNames: Sendable {
    /// For each name, in the order they were first seen, where its bytes first are in the text.
    private(set) var places: [Range<UInt32>] = []
    /// The hash of each name's bytes.
    private var hashes: [UInt64] = []
    /// The names' bytes one after another, in the order of their numbers (see ``stored(_:)``):
    /// where they are read from once the names are told apart, close together instead of all
    /// over the text.
    private(set) var bytes: [UInt8] = []
    /// Name `i`'s bytes run from `starts[i]` to `starts[i + 1]` of `bytes`.
    private var starts: [Int] = [0]
    /// An open-addressed table of slots of four words, indexed by hash: the high bits of the
    /// name's hash, its length (at most 255) and its number plus one (0 for an empty slot); then
    /// its first 24 bytes, padded with zeros. Most names are told apart, or found equal, by
    /// their slot alone, one read of memory where the text and the names' bytes are far apart.
    private var slots = [UInt64](repeating: 0, count: 4 * 1024)
    private static let slotWords = 4
    private static let inlineBytes = 24

    /// How many names there are.
    var count: Int { places.count }

    /// Where the bytes of name `name` are in ``bytes``.
    func stored(_ name: Int) -> Range<Int> { starts[name]..<starts[name + 1] }

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
                    if count <= Self.inlineBytes || sameTail(start, count, name) { return name }
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
        if let found { return UInt32(found) }
        let name = places.count
        places.append(place)
        hashes.append(hash)
        bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        starts.append(bytes.count)
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
    /// `name`, whose length is `count`.
    private func sameTail(_ start: UnsafePointer<UInt8>, _ count: Int, _ name: Int) -> Bool {
        let stored = starts[name]
        guard starts[name + 1] - stored == count else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memcmp(start + Self.inlineBytes, base + stored + Self.inlineBytes, count - Self.inlineBytes) == 0
        }
    }

    /// Takes in the names of `other`, found in the same `text`, that `isTaken` picks (by their
    /// number there): for each of them, its number here; for the others, `UInt32.max`.
    mutating func absorb(
        _ other: DistinctNames, in text: UnsafeBufferPointer<UInt8>, where isTaken: (_ name: Int) -> Bool
    ) -> [UInt32] {
        other.places.indices.map { isTaken($0) ? number(of: other.places[$0], in: text) : UInt32.max }
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
