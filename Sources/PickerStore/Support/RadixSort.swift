/// Ordering by 32-bit keys a few bits at a time, the lowest first (a least significant digit
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

    private static let digitBits = 11
    private static let digitCount = 1 << digitBits

    @inline(__always)
    private static func digit(_ item: UInt64, _ shift: Int) -> Int {
        Int(truncatingIfNeeded: item >> UInt64(shift)) & (digitCount - 1)
    }
}
