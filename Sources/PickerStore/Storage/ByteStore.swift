import FoundationEssentials
import Glibc

/// Byte strings stored back to back in one buffer, addressed by position.
///
/// One allocation for a whole list of keys keeps them compact and close together in memory,
/// which is what makes scanning a million of them fast. Offsets are 32-bit: a store holds at
/// most 4 GiB of bytes.
struct ByteStore: Sendable {
    var bytes: [UInt8] = []
    private(set) var ends: [UInt32] = []

    /// The number of strings stored.
    var count: Int { ends.count }

    /// Ends the string being built from bytes added with ``appendByte(_:)`` and
    /// ``appendBytes(_:)``.
    mutating func closeString() { ends.append(Self.offset(bytes.count)) }

    mutating func appendBytes(_ string: some Collection<UInt8>) { bytes.append(contentsOf: string) }

    /// Appends every string of `other`, in order.
    mutating func append(contentsOf other: ByteStore) {
        let base = Self.offset(bytes.count)
        bytes.append(contentsOf: other.bytes)
        ends.append(contentsOf: other.ends.lazy.map { $0 + base })
    }

    /// Makes room for `total` strings in all, their bytes as many per string as so far.
    mutating func reserve(_ total: Int) {
        GrowthPlan.reserve(&ends, total)
        GrowthPlan.reserve(&bytes, GrowthPlan.scaled(bytes.count, count, to: total))
    }

    /// The bounds of string `index` within `bytes`.
    func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    private static func offset(_ count: Int) -> UInt32 {
        guard let offset = UInt32(exactly: count) else {
            preconditionFailure("more than 4 GiB of names")
        }
        return offset
    }
}

extension ByteStore {
    #if DEBUG
        /// Checks, in debug builds, that the strings end in order and the last at the end of
        /// the bytes.
        func _checkInvariants() {
            for index in ends.indices.dropFirst() { precondition(ends[index - 1] <= ends[index], "strings in order") }
            precondition(Int(ends.last ?? 0) == bytes.count, "the last string ends the bytes")
        }
    #else
        @inline(__always) func _checkInvariants() {}
    #endif
}
