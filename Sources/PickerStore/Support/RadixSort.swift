/// Ordering by 32-bit or 64-bit keys a few bits at a time, the lowest first (a least significant digit
/// radix sort), which keeps equal keys in the order they came in and takes no comparisons.
enum RadixSort {
    /// The indices of `keys` in the order of their keys, equal keys by index.
    /// - Complexity: O(n): three passes of 11 bits each.
    static func order(of keys: [UInt32]) -> [UInt32] {
        // Each key with its index below it, so that a pass moves both at once.
        var items = keys.enumerated().map { UInt64($1) << 32 | UInt64($0) }
        var moved = [UInt64](repeating: 0, count: items.count)
        var counts = [Int](repeating: 0, count: digitCount + 1)
        for shift in stride(from: 32, to: 64, by: digitBits) {
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
        return items.map { UInt32(truncatingIfNeeded: $0) }
    }

    /// The indices of `keys` in the order of their keys, equal keys by index.
    /// - Complexity: O(n): passes of 11 bits each, over the bits that differ among the keys.
    static func order(of keys: [UInt64]) -> [UInt32] {
        var items = keys.enumerated().map { Item(key: $1, index: UInt32($0)) }
        var moved = items
        var counts = [Int](repeating: 0, count: digitCount + 1)
        // Bits every key has alike sort nothing.
        let differing = keys.reduce(0) { $0 | ($1 ^ (keys.first ?? 0)) }
        let top = 64 - differing.leadingZeroBitCount
        for shift in stride(from: 0, to: top, by: digitBits) {
            items.withUnsafeBufferPointer { items in
                moved.withUnsafeMutableBufferPointer { moved in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for index in counts.indices { counts[index] = 0 }
                        for item in items { counts[digit(item.key, shift) + 1] += 1 }
                        for index in 1..<counts.count { counts[index] += counts[index - 1] }
                        for item in items {
                            let digit = digit(item.key, shift)
                            moved[counts[digit]] = item
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&items, &moved)
        }
        return items.map(\.index)
    }

    /// A key and the index it came at, moved together.
    private struct Item {
        var key: UInt64
        var index: UInt32
    }

    private static let digitBits = 11
    private static let digitCount = 1 << digitBits

    @inline(__always)
    private static func digit(_ item: UInt64, _ shift: Int) -> Int {
        Int(truncatingIfNeeded: item >> UInt64(shift)) & (digitCount - 1)
    }
}
