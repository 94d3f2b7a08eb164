/// Ordering by 32-bit keys a few bits at a time, the lowest first (a least
/// significant digit radix sort), which keeps equal keys in the order they came in and takes no
/// comparisons.
enum RadixSort {
    /// The indices of `keys` in the order of their keys, equal keys by index.
    /// - Complexity: O(n): at most three passes of 11 bits each.
    static func order(of keys: [UInt32]) -> [UInt32] {
        keyed(count: keys.count) { keys[$0] }.map { UInt32(truncatingIfNeeded: $0) }
    }

    /// The indices `0..<count`, each with its key above it (`key(index) << 32 | index`), in
    /// the order of the keys, equal keys by index: a pass moves both at once, and a loop over
    /// the order reads the keys where they lie. The keys are found on every core, each written
    /// where its index lies.
    /// - Complexity: O(n): at most three passes of 11 bits each.
    static func keyed(count: Int, _ key: @Sendable (Int) -> UInt32) -> [UInt64] {
        let parts = Parallel.ranges(count, minimum: 65_536)
        let items = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = UncheckedSendable(buffer)
            _ = Parallel.map(parts.count) { part in
                for index in parts[part] {
                    slots.value.initializeElement(at: index, to: UInt64(key(index)) << 32 | UInt64(index))
                }
            }
            initialized = count
        }
        return sorted(items)
    }

    /// `items` ordered by their high halves, equal ones in the order they came.
    private static func sorted(_ items: consuming [UInt64]) -> [UInt64] {
        var items = items
        var moved = [UInt64](repeating: 0, count: items.count)
        var counts = [Int](repeating: 0, count: digitCount + 1)
        // Bits every key has alike sort nothing.
        let differing = items.reduce(0) { $0 | (($1 ^ (items.first ?? 0)) >> 32) }
        let top = 32 + 64 - differing.leadingZeroBitCount
        for shift in stride(from: 32, to: top, by: digitBits) {
            items.withUnsafeBufferPointer { items in
                moved.withUnsafeMutableBufferPointer { moved in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for index in counts.indices { counts[index] = 0 }
                        for item in items { counts[digit(item, shift) + 1] += 1 }
                        // Where each digit's items start.
                        for index in 1..<counts.count { counts[index] += counts[index - 1] }
                        for item in items {
                            let digit = digit(item, shift)
                            moved[counts[digit]] = item
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&items, &moved)
        }
        return items
    }

    private static let digitBits = 11
    private static let digitCount = 1 << digitBits

    @inline(__always)
    private static func digit(_ item: UInt64, _ shift: Int) -> Int {
        Int(truncatingIfNeeded: item >> UInt64(shift)) & (digitCount - 1)
    }
}
