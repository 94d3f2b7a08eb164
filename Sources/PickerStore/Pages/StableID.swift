/// Ids for sources that give none (the Facebook export, address book entries without a `UID`):
/// the same person read twice gets the same id, so that `--select` and a saved selection find
/// them again.
package enum StableID {
    /// 16 hexadecimal digits: the 64-bit FNV-1a hash of the UTF-8 of `parts`, each followed by
    /// a NUL byte (so that `["ab", "c"]` and `["a", "bc"]` differ).
    package static func of(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 + [0] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
