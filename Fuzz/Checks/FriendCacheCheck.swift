import PickerKit

/// The cache file reader on any bytes. The first byte chooses how they are read: below 64, as a
/// whole file (which must be refused, since its checksum cannot match); otherwise the rest is
/// the payload of a file made whole around it, with the friend count of the second byte, so
/// that the checks pass and the reader of friends meets every byte. What it reads, it reads
/// whole or refuses at a record, never crashing; what it reads is written back and read again
/// the same.
package func checkFriendCache(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let bytes = Array(input)
    let key = [UInt8](repeating: 0xA5, count: 32)
    guard let first = bytes.first else { return }
    if first < 64 {
        let opened = try? FriendCacheFormat.open(Array(bytes.dropFirst()), key: key)
        try expect(opened == nil || bytes.count - 1 >= FriendCacheFormat.headerLength, "a file shorter than a header")
        return
    }
    guard bytes.count >= 2 else { return }
    let friendCount = Int(bytes[1])
    let payload = Array(bytes.dropFirst(2))
    // The file the payload would be in: the header of a file of that many friends, whole.
    guard let empty = try? FriendCacheFormat.encode([Friend](), key: key, savedAt: 0, announcedTotal: nil) else {
        throw FuzzFailure(description: "SHA-256 is not available")
    }
    let file = try empty.withPayload(payload, count: friendCount)
    guard let header = try? FriendCacheFormat.open(file, key: key) else {
        throw FuzzFailure(description: "a file made whole is refused")
    }
    var friends: [Friend] = []
    do {
        try FriendCacheFormat.readFriends(file[FriendCacheFormat.headerLength...], count: header.count) {
            friends.append($0)
        }
    } catch {
        try expect(friends.count <= friendCount, "more friends than the header says")
        try expectSafe(TerminalText.sanitized(error.description))
        return
    }
    try expect(friends.count == friendCount, "a payload read whole holds the header's count")
    guard let again = try? FriendCacheFormat.encode(friends, key: key, savedAt: 0, announcedTotal: nil) else {
        throw FuzzFailure(description: "friends read cannot be written")
    }
    var reread: [Friend] = []
    try? FriendCacheFormat.readFriends(again[FriendCacheFormat.headerLength...], count: friends.count) {
        reread.append($0)
    }
    try expect(reread == friends, "written back, the friends read differ")
}

extension [UInt8] {
    /// This empty cache file, with `payload` of `count` friends in place of its empty one:
    /// the count, the length and the checksum made to match.
    fileprivate func withPayload(_ payload: [UInt8], count: Int) throws(FuzzFailure) -> [UInt8] {
        var file = Array(self[0..<FriendCacheFormat.headerLength])
        for (index, byte) in Swift.withUnsafeBytes(of: UInt32(count).littleEndian, Array.init).enumerated() {
            file[12 + index] = byte
        }
        for (index, byte) in Swift.withUnsafeBytes(of: UInt64(payload.count).littleEndian, Array.init).enumerated() {
            file[32 + index] = byte
        }
        guard let checksum = try? FriendCacheFormat.checksum(header: Array(file[0..<72]), payload: payload[...]) else {
            throw FuzzFailure(description: "SHA-256 is not available")
        }
        file.replaceSubrange(72..<104, with: checksum)
        return file + payload
    }
}
