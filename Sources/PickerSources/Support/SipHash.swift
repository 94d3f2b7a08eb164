/// SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012): a hash of 64
/// bits keyed with 128, which no one without the key can compute, so that a hash written to a
/// file cannot be found again by hashing a dictionary of likely texts.
///
/// - Complexity: O(n), about a nanosecond a byte and some tens for a short text.
package struct SipHash: Hashable, Sendable {
    /// The key's two halves, as the paper reads its 16 bytes: little-endian.
    let key: (UInt64, UInt64)

    package init(key: (UInt64, UInt64)) {
        self.key = key
    }

    package static func == (left: SipHash, right: SipHash) -> Bool { left.key == right.key }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(key.0)
        hasher.combine(key.1)
    }

    /// The hash of `bytes`.
    package func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var state = State(key)
        let whole = bytes.count & ~7
        var index = 0
        if let base = bytes.baseAddress {
            while index < whole {
                state.compress(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                index += 8
            }
        }
        var last = UInt64(truncatingIfNeeded: bytes.count) << 56
        for shift in 0..<(bytes.count - whole) { last |= UInt64(bytes[whole + shift]) << (8 * shift) }
        state.compress(last)
        return state.finish()
    }

    /// The hash of the UTF-8 of `text`.
    package func hash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { hash($0) }
    }

    /// The four words of the paper's state.
    private struct State {
        var v0: UInt64, v1: UInt64, v2: UInt64, v3: UInt64

        init(_ key: (UInt64, UInt64)) {
            v0 = 0x736f_6d65_7073_6575 ^ key.0
            v1 = 0x646f_7261_6e64_6f6d ^ key.1
            v2 = 0x6c79_6765_6e65_7261 ^ key.0
            v3 = 0x7465_6462_7974_6573 ^ key.1
        }

        /// Two rounds over the message word `word`.
        mutating func compress(_ word: UInt64) {
            v3 ^= word
            round()
            round()
            v0 ^= word
        }

        /// Four rounds, and the state folded into 64 bits.
        mutating func finish() -> UInt64 {
            v2 ^= 0xFF
            for _ in 0..<4 { round() }
            return v0 ^ v1 ^ v2 ^ v3
        }

        private mutating func round() {
            v0 &+= v1
            v1 = v1.rotated(13) ^ v0
            v0 = v0.rotated(32)
            v2 &+= v3
            v3 = v3.rotated(16) ^ v2
            v0 &+= v3
            v3 = v3.rotated(21) ^ v0
            v2 &+= v1
            v1 = v1.rotated(17) ^ v2
            v2 = v2.rotated(32)
        }
    }
}

extension UInt64 {
    /// This word rotated left by `count` bits.
    @inline(__always)
    fileprivate func rotated(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
