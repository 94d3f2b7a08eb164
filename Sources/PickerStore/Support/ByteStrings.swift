import Glibc

/// Compares two byte strings as `memcmp` does, a shorter string before a longer one it begins.
func compareBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(left.count, right.count)
    if common > 0, let a = left.baseAddress, let b = right.baseAddress {
        let order = Int(memcmp(a, b, common))
        if order != 0 { return order }
    }
    return left.count - right.count
}

/// Where a name part `part` starts in `name`, if it occurs there: at the start or the end,
/// where first and last names are, is tried first, then its first occurrence.
func placeOfPart(_ part: UnsafeBufferPointer<UInt8>, in name: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !part.isEmpty, part.count <= name.count, let nameStart = name.baseAddress, let partStart = part.baseAddress
    else { return nil }
    if memcmp(nameStart, partStart, part.count) == 0 { return 0 }
    if memcmp(nameStart + (name.count - part.count), partStart, part.count) == 0 { return name.count - part.count }
    return firstOccurrence(of: part, in: name, from: 0)
}

/// Where `needle` first occurs in `haystack` at or after `start`.
/// - Complexity: O(n × m) at worst, near O(n) in practice: candidates are found with `memchr`.
package func firstOccurrence(
    of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int
)
    -> Int?
{
    guard start < haystack.count else { return nil }
    let rest = UnsafeBufferPointer(rebasing: haystack[start...])
    guard let first = needle.first, rest.count >= needle.count, let base = rest.baseAddress,
        let needleStart = needle.baseAddress
    else { return nil }
    let lastStart = base + (rest.count - needle.count)
    var cursor = base
    while cursor <= lastStart {
        guard let hit = memchr(cursor, Int32(first), lastStart - cursor + 1) else { return nil }
        let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
        // The byte after the first rules most candidates out without a call to memcmp.
        if needle.count == 1
            || (candidate[1] == needleStart[1]
                && (needle.count == 2 || memcmp(candidate + 2, needleStart + 2, needle.count - 2) == 0))
        {
            return start + base.distance(to: candidate)
        }
        cursor = candidate + 1
    }
    return nil
}

/// Whether `needle` occurs in `haystack`.
/// - Complexity: as ``firstOccurrence(of:in:from:)``.
@inline(__always)
func bytes(_ haystack: UnsafeBufferPointer<UInt8>, contain needle: UnsafeBufferPointer<UInt8>) -> Bool {
    needle.isEmpty || firstOccurrence(of: needle, in: haystack, from: 0) != nil
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes: where they lie when the string keeps them
    /// side by side (as every native string does), else from a copy. Unlike `withUTF8`, which
    /// is mutating, this needs no copy of the string, so no reference to its storage is taken
    /// and let go for each look.
    @inlinable package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
