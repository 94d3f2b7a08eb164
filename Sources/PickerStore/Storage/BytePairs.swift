/// Which pairs of neighbouring bytes a name's key holds, hashed into 32 bits: a term whose
/// pairs are not all among a name's cannot be in it. What rules out, before any byte of the
/// name is read, most of the names that hold a term's letters (its ``ByteMask``) but not the
/// term: two thirds of those that hold `l` and `e` hold no `le`.
///
/// The pairs are those of the key folded for case and accents, and of the key without its
/// punctuation (``JoinedKey``), which a term may match too. A term folded for case only is
/// looked for in another key, and terms may match a friend's details: neither is ruled out
/// by the pairs.
enum BytePairs {
    /// The bit of the pair `first`, `second`.
    @inline(__always)
    static func bit(_ first: UInt8, _ second: UInt8) -> UInt32 {
        let pair = UInt32(first) << 8 | UInt32(second)
        return 1 << ((pair &* 0x9E37_79B1) >> 27)
    }

    /// The pairs of `bytes`.
    @inline(__always)
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var pairs: UInt32 = 0
        var index = 1
        while index < bytes.count {
            pairs |= bit(bytes[index - 1], bytes[index])
            index += 1
        }
        return pairs
    }

    /// The pairs of a key folded for case and accents whose mask is `mask`, with those of the
    /// key without its punctuation when it has some, made in `joined`.
    static func of(key: UnsafeBufferPointer<UInt8>, mask: UInt32, joined: inout [UInt8]) -> UInt32 {
        let pairs = of(key)
        guard mask & ByteMask.punctuation != 0, JoinedKey.make(key, into: &joined) else { return pairs }
        return joined.withUnsafeBufferPointer { pairs | of($0) }
    }
}
