/// Eight bytes of text read as one word, the first byte in the lowest lane, and the tests that
/// look at all eight at once.
///
/// Public only to the modules that import its SPI (`@_spi(Inlining) import PickerStore`), and
/// inlinable, so that the readers of the modules above pay no call per word: a `package`
/// function is never inlined in another module, even when it is `@inlinable`.
@_spi(Inlining) public enum ByteLanes {
    /// The high bit of every lane: a word of ASCII bytes has none of them set.
    @inlinable public static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// `byte` in every lane.
    @inlinable @inline(__always)
    public static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The eight bytes at `pointer`, the first in the lowest lane.
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafeRawPointer) -> UInt64 {
        UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each lane of `word` that is zero; past the lowest such lane, others may
    /// be set too.
    @inlinable @inline(__always)
    public static func zero(_ word: UInt64) -> UInt64 { below(1, word) }

    /// The high bit of each lane of `word` below `bound` (at most 0x80); past the lowest such
    /// lane, others may be set too.
    @inlinable @inline(__always)
    public static func below(_ bound: UInt8, _ word: UInt64) -> UInt64 { (word &- repeated(bound)) & ~word & highs }

    /// The lowest lane whose high bit `flags` sets (8 when none is): the first byte a test found.
    @inlinable @inline(__always)
    public static func first(_ flags: UInt64) -> Int { flags.trailingZeroBitCount / 8 }

    /// The bits of the lanes before lane `count` (0 to 8).
    @inlinable @inline(__always)
    public static func before(_ count: Int) -> UInt64 { count == 0 ? 0 : UInt64.max >> (64 - 8 * UInt64(count)) }

    /// The high bit of each lane of `word` that is zero, and of no other (slower than
    /// ``zero(_:)``, which may set others past the first).
    @inlinable @inline(__always)
    public static func exactlyZero(_ word: UInt64) -> UInt64 {
        let low7 = repeated(0x7F)
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// Where the plain text of a quoted string that starts at `start` in `bytes` ends, found
    /// eight bytes at a time: at the first quote, backslash or control byte (or, with
    /// `stoppingAtNonASCII`, byte of 0x80 or more) of a whole word, or where the whole words
    /// end (the bytes after them are left to the caller); with the high bits of the bytes
    /// passed.
    @inlinable
    public static func plainStringRun(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stoppingAtNonASCII: Bool
    ) -> (end: Int, highBits: UInt64) {
        guard let base = bytes.baseAddress else { return (start, 0) }
        var scan = start
        var highBits: UInt64 = 0
        while scan + 8 <= bytes.count {
            let word = load(base + scan)
            var special =
                zero(word ^ repeated(UInt8(ascii: "\""))) | zero(word ^ repeated(UInt8(ascii: "\\")))
                | below(0x20, word)
            if stoppingAtNonASCII { special |= word & highs }
            guard special == 0 else {
                // The lowest flagged byte is exact; higher ones may not be.
                let offset = first(special)
                return (scan + offset, highBits | word & before(offset))
            }
            highBits |= word
            scan += 8
        }
        return (scan, highBits)
    }

    /// How many bytes of `bytes` are `byte`, eight at a time.
    @inlinable
    public static func count(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var index = 0
        let pattern = repeated(byte)
        while index + 8 <= bytes.count {
            count += exactlyZero(load(base + index) ^ pattern).nonzeroBitCount
            index += 8
        }
        while index < bytes.count {
            if bytes[index] == byte { count += 1 }
            index += 1
        }
        return count
    }
}
