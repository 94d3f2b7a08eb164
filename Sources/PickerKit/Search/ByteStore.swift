import Foundation

/// Byte strings stored back to back in one buffer, addressed by position.
///
/// One allocation for a whole list of keys keeps them compact and close together in memory,
/// which is what makes scanning a million of them fast.
struct ByteStore: Sendable {
    private(set) var bytes: [UInt8] = []
    private var ends: [Int] = []

    /// The number of strings stored.
    var count: Int { ends.count }

    mutating func append(_ string: [UInt8]) {
        bytes.append(contentsOf: string)
        ends.append(bytes.count)
    }

    mutating func reserveCapacity(strings: Int, bytes byteCount: Int) {
        ends.reserveCapacity(strings)
        bytes.reserveCapacity(byteCount)
    }

    /// The bounds of string `index` within `bytes`.
    func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// String `index` as an array.
    subscript(index: Int) -> [UInt8] { Array(bytes[range(index)]) }

    /// Compares string `a` with string `b` byte by byte, as `memcmp` does.
    func compare(_ a: Int, _ b: Int) -> Int {
        let left = range(a)
        let right = range(b)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            let common = min(left.count, right.count)
            let order = common == 0 ? 0 : Int(memcmp(base + left.lowerBound, base + right.lowerBound, common))
            return order != 0 ? order : left.count - right.count
        }
    }
}

/// Whether `needle` occurs in `haystack`.
/// - Complexity: O(n × m) at worst, near O(n) in practice: candidates are found with `memchr`.
func bytes(_ haystack: UnsafeBufferPointer<UInt8>, contain needle: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = needle.first else { return true }
    guard haystack.count >= needle.count, let start = haystack.baseAddress,
        let needleStart = needle.baseAddress
    else { return false }
    let lastStart = start + (haystack.count - needle.count)
    var cursor = start
    while cursor <= lastStart {
        guard let hit = memchr(cursor, Int32(first), lastStart - cursor + 1) else { return false }
        let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
        if memcmp(candidate, needleStart, needle.count) == 0 { return true }
        cursor = candidate + 1
    }
    return false
}
