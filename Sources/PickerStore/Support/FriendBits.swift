/// A bit per friend number, in 64-bit words: which friends a sparse store holds something for.
extension Array where Element == UInt64 {
    /// Sets the bit of friend `number`, adding the words up to it.
    mutating func setBit(_ number: Int) {
        let word = number >> 6
        if word >= count { self += repeatElement(0, count: word + 1 - count) }
        self[word] |= 1 << UInt64(number & 63)
    }
}

extension UnsafeBufferPointer where Element == UInt64 {
    /// Whether the bit of friend `number` is set.
    @inline(__always)
    func hasBit(_ number: Int) -> Bool {
        let word = number >> 6
        return word < count && self[word] & 1 << UInt64(number & 63) != 0
    }

    /// How many bits are set in friend `number`'s word before its own.
    @inline(__always)
    func bitsBefore(_ number: Int) -> Int {
        (self[number >> 6] & ((1 << UInt64(number & 63)) &- 1)).nonzeroBitCount
    }
}
