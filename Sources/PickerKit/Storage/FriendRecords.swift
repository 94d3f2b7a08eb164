/// Reading a friend back from the stores that keep it packed: a list's, or a batch's before a
/// list takes it in.
enum FriendRecords {
    /// Calls `body` with the UTF-8 bytes of friend `number`'s id, the end of its sort entry
    /// (its length is in the packed record).
    static func withID<Result>(
        _ number: Int, packed: PackedFriends, keys: NameKeys, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let range = keys.sort.range(number)
        let idRange = (range.upperBound - packed.idLength(number))..<range.upperBound
        return keys.sort.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[idRange])) }
    }

    /// Friend `number`, unpacked.
    static func friend(_ number: Int, packed: PackedFriends, keys: NameKeys, details: ContactDetails) -> Friend {
        let id = withID(number, packed: packed, keys: keys) { String(decoding: $0, as: UTF8.self) }
        return details.filling(packed.friend(number, id: id), number: number)
    }

    /// Whether two ids, given as UTF-8, are the same id: equal as strings (canonically
    /// equivalent), which for ASCII ids means equal bytes.
    static func sameID(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        if left.elementsEqual(right) { return true }
        guard !UTF8Text.isASCII(left) || !UTF8Text.isASCII(right) else { return false }
        return String(decoding: left, as: UTF8.self) == String(decoding: right, as: UTF8.self)
    }
}
