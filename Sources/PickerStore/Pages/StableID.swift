/// Ids for sources that give none (the Facebook export, address book entries without a `UID`):
/// the same person read twice gets the same id, so that `--select` and a saved selection find
/// them again.
package enum StableID {
    /// 16 hexadecimal digits: the 64-bit FNV-1a hash of the UTF-8 of `parts`, each followed by
    /// a NUL byte (so that `["ab", "c"]` and `["a", "bc"]` differ).
    package static func of(_ parts: [String]) -> String {
        var hash = Hash()
        for part in parts { hash.add(part) }
        return hash.id
    }

    /// The hash of ``of(_:)`` taken a part at a time, from text or bytes, without a list of
    /// the parts.
    package struct Hash: Equatable {
        /// The 64-bit FNV-1a hash of the bytes added so far.
        package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        package init() {}

        /// Adds the UTF-8 of `part`, and the NUL byte after it.
        @inline(__always)
        package mutating func add(_ part: String) {
            part.withUTF8Bytes { add($0) }
        }

        /// Adds `part`, UTF-8, and the NUL byte after it.
        @inline(__always)
        package mutating func add(_ part: UnsafeBufferPointer<UInt8>) {
            var hash = value
            for byte in part { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            value = hash &* 0x0000_0100_0000_01B3
        }

        /// The id: ``value`` as 16 lower-case hexadecimal digits.
        package var id: String { StableID.digits(value) }

        /// `given`, the id a contact was given, or when it is empty the id made of its `name`
        /// and `addresses`, with the hash it was made from (nil for an id given).
        package static func id(given: String, name: String, addresses: [String]) -> (id: String, made: Hash?) {
            guard given.isEmpty else { return (given, nil) }
            var hash = Hash()
            hash.add(name)
            for address in addresses { hash.add(address) }
            return (hash.id, hash)
        }
    }

    /// `value` as 16 lower-case hexadecimal digits, zeros first.
    private static func digits(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { text in
            for index in 0..<16 {
                let digit = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0x0F
                text[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") - 10 + digit
            }
            return 16
        }
    }
}
