import PickerStore

/// The bytes of a cache file: a live session's friends, with the version of the format, the
/// source and session they belong to, and a checksum of everything.
///
/// All numbers are little-endian. The header is 104 bytes:
///
///     offset size
///          0    8  "PKRCACHE"
///          8    4  format version (1)
///         12    4  the number of friends
///         16    8  when the source was read whole, in seconds since 1970
///         24    8  the total the service announced (summary.total_count), or -1
///         32    8  the length of the payload, in bytes
///         40   32  the source key: SHA-256 of the source URL and the session (see FriendCache)
///         72   32  SHA-256 of bytes 0..<72 and of the payload
///        104       the payload
///
/// The payload holds the friends in the order the source gave them, each as: the id (a varint length, then UTF-8),
/// the name (the same), then the first, middle and last names, each one byte saying how it is
/// kept (0 absent; 1 its own bytes, a varint length then UTF-8; 2 a part of the name, a varint
/// byte offset into the name then a varint length) and what that says. A varint is 7 bits a
/// byte, least significant first, the high bit set on every byte but the last, at most 5 bytes.
///
/// Reading checks everything before a friend is shown: the magic, the version, the source key,
/// the length, the checksum; then each friend is read with every length and offset checked and
/// every string strict UTF-8, so that no file, however made, can crash the reader.
package enum FriendCacheFormat {
    static let magic: [UInt8] = Array("PKRCACHE".utf8)
    /// The version this picker writes and reads.
    static let version: UInt32 = 1
    package static let headerLength = 104
    /// The first, middle and last names of a friend given none: three tags saying absent.
    private static let absentParts: [UInt8] = [0, 0, 0]
    /// The length of the source key and of the checksum.
    static let digestLength = 32
    private static let keyOffset = 40
    private static let checksumOffset = 72

    /// What the header of a cache file says.
    package struct Header: Hashable, Sendable {
        /// The number of friends.
        package var count: Int
        /// When the source was read whole, in seconds since 1970.
        var savedAt: Int64
        /// The total the service announced, if it did.
        var announcedTotal: Int?
    }

    /// Why a cache file cannot be used, for a one-line message.
    package enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case notACache
        case otherVersion(UInt32)
        case otherSource
        case truncated(have: Int, want: Int)
        case trailingBytes
        case checksumMismatch
        /// A friend's record does not hold together: where, and what is wrong.
        case malformed(offset: Int, String)
        /// SHA-256 cannot be computed here: why.
        case noDigest(String)

        package var description: String {
            switch self {
            case .notACache: return "is not a picker cache file"
            case .otherVersion(let version):
                return "is of cache format version \(version) (this picker reads version \(FriendCacheFormat.version))"
            case .otherSource: return "belongs to another source or session"
            case .truncated(let have, let want): return "is truncated (\(have) of \(want) bytes)"
            case .trailingBytes: return "is corrupt (bytes after its end)"
            case .checksumMismatch: return "is corrupt (its checksum does not match)"
            case .malformed(let offset, let what): return "is corrupt at byte \(offset): \(what)"
            case .noDigest(let reason): return "cannot be checked: \(reason)"
            }
        }
    }

    /// The cache file of `friends`, in that order, read whole at `savedAt` from the source and
    /// session whose key is `key`, which announced `announcedTotal`.
    package static func encode(
        _ friends: some Sequence<Friend>, key: [UInt8], savedAt: Int64, announcedTotal: Int?
    ) throws(Problem) -> [UInt8] {
        var file = [UInt8](repeating: 0, count: headerLength)
        var count: UInt32 = 0
        for friend in friends {
            append(friend, to: &file)
            count += 1
        }
        try finish(&file, count: count, key: key, savedAt: savedAt, announcedTotal: announcedTotal)
        return file
    }

    /// The cache file of the friends of `list`, in the order they arrived, as
    /// ``encode(_:key:savedAt:announcedTotal:)`` writes them, made without unpacking a friend: each
    /// record is the id's length and bytes, then the friend's packed record after its id,
    /// which keeps the name and its parts the way a cache record does but for the parts of a
    /// name without any, written here as ``absentParts``. (The order they arrived
    /// in is the order they are stored in: read front to back, a million friends are written several times
    /// faster than in list order, which jumps about the stores.)
    /// - Complexity: O(total length of the records): they are measured, then copied once.
    static func encode(
        _ list: FriendList, key: [UInt8], savedAt: Int64, announcedTotal: Int?
    ) throws(Problem) -> [UInt8] {
        // Friends left out for a repeated id keep their records, but no place in the list.
        var listed = [Bool](repeating: false, count: list.packed.count)
        for number in list.order { listed[Int(number)] = true }
        let numbers = listed.indices.lazy.filter { listed[$0] }
        var length = headerLength
        for number in numbers {
            length += list.withID(number) { varintLength($0.count) + $0.count }
            length += list.packed.withRecordAfterName(number) { nameLength, rest, hasParts in
                varintLength(nameLength) + rest.count + (hasParts ? 0 : absentParts.count)
            }
        }
        var file = [UInt8](repeating: 0, count: headerLength)
        file.reserveCapacity(length)
        for number in numbers {
            list.withID(number) { id in
                appendVarint(id.count, to: &file)
                file.append(contentsOf: id)
            }
            list.packed.withRecordAfterName(number) { nameLength, rest, hasParts in
                appendVarint(nameLength, to: &file)
                file.append(contentsOf: rest)
                if !hasParts { file += absentParts }
            }
        }
        try finish(&file, count: UInt32(list.count), key: key, savedAt: savedAt, announcedTotal: announcedTotal)
        return file
    }

    /// Fills in the header of `file`, whose payload (after a header's room) holds `count`
    /// friends.
    private static func finish(
        _ file: inout [UInt8], count: UInt32, key: [UInt8], savedAt: Int64, announcedTotal: Int?
    ) throws(Problem) {
        var header = magic
        appendInteger(version, to: &header)
        appendInteger(count, to: &header)
        appendInteger(UInt64(bitPattern: savedAt), to: &header)
        appendInteger(UInt64(bitPattern: Int64(announcedTotal ?? -1)), to: &header)
        appendInteger(UInt64(file.count - headerLength), to: &header)
        header += key
        header += try checksum(header: header, payload: file[headerLength...])
        file.replaceSubrange(0..<headerLength, with: header)
    }

    /// The header of the cache file `bytes`, once everything it can check without reading the
    /// friends holds: the magic, the version, that `key` is the file's, the length, the checksum.
    package static func open(_ bytes: [UInt8], key: [UInt8]) throws(Problem) -> Header {
        try checkHeader(bytes, fileLength: bytes.count, key: key)
        let stored = bytes[checksumOffset..<headerLength]
        let computed = try checksum(header: Array(bytes[0..<checksumOffset]), payload: bytes[headerLength...])
        guard stored.elementsEqual(computed) else { throw .checksumMismatch }
        let total = Int64(bitPattern: integer(bytes, at: 24, size: 8))
        return Header(
            count: Int(integer(bytes, at: 12, size: 4)), savedAt: Int64(bitPattern: integer(bytes, at: 16, size: 8)),
            announcedTotal: total >= 0 && total <= Int64(Int32.max) ? Int(total) : nil)
    }

    /// Checks what the header can say without the payload, from `start`, the first bytes of
    /// a file of `fileLength` bytes (the whole header, or all of a shorter file): the magic,
    /// the version, that `key` is the file's, and that the payload's length is the rest of the
    /// file. A cache file is checked so before the rest of it is read.
    static func checkHeader(_ start: [UInt8], fileLength: Int, key: [UInt8]) throws(Problem) {
        guard start.count >= magic.count, start.starts(with: magic) else { throw .notACache }
        guard start.count >= headerLength else { throw .truncated(have: fileLength, want: headerLength) }
        let fileVersion = UInt32(truncatingIfNeeded: integer(start, at: 8, size: 4))
        guard fileVersion == version else { throw .otherVersion(fileVersion) }
        guard start[keyOffset..<(keyOffset + digestLength)].elementsEqual(key) else { throw .otherSource }
        let payloadLength = integer(start, at: 32, size: 8)
        let want = UInt64(headerLength).addingReportingOverflow(payloadLength)
        guard !want.overflow, want.partialValue <= UInt64(Int.max) else { throw .malformed(offset: 32, "length") }
        guard fileLength >= Int(want.partialValue) else {
            throw .truncated(have: fileLength, want: Int(want.partialValue))
        }
        guard fileLength == Int(want.partialValue) else { throw .trailingBytes }
    }

    /// Reads the `count` friends of a payload (the bytes of a cache file from
    /// ``headerLength``), delivering each in order.
    /// - Throws: ``Problem/malformed(offset:_:)`` at the first record that does not hold
    ///   together, or when the payload does not hold exactly `count` records; the friends before
    ///   it were delivered.
    package static func readFriends(
        _ payload: ArraySlice<UInt8>, count: Int, _ deliver: (consuming Friend) -> Void
    ) throws(Problem) {
        try payload.withUnsafeBufferPointer { (buffer) throws(Problem) in
            var reader = Reader(bytes: buffer, base: payload.startIndex)
            for _ in 0..<count { deliver(try reader.friend()) }
            guard reader.atEnd else { throw .malformed(offset: reader.offset, "more friends than the header says") }
        }
    }

    /// SHA-256 of `header` (the bytes before the checksum) and `payload`.
    package static func checksum(header: [UInt8], payload: ArraySlice<UInt8>) throws(Problem) -> [UInt8] {
        guard var digest = SHA256() else { throw .noDigest(SHA256.unavailability ?? "SHA-256 failed") }
        digest.update(header)
        payload.withUnsafeBytes { digest.update($0) }
        guard let checksum = digest.finish() else { throw .noDigest("SHA-256 failed") }
        return checksum
    }

    /// Appends the record of `friend`.
    private static func append(_ friend: Friend, to payload: inout [UInt8]) {
        appendString(friend.id, to: &payload)
        var name = friend.name
        name.withUTF8 { nameBytes in
            appendVarint(nameBytes.count, to: &payload)
            payload.append(contentsOf: nameBytes)
            for part in [friend.firstName, friend.middleName, friend.lastName] {
                guard var part else {
                    payload.append(0)
                    continue
                }
                part.withUTF8 { partBytes in
                    if let offset = firstOccurrence(of: partBytes, in: nameBytes, from: 0) {
                        payload.append(2)
                        appendVarint(offset, to: &payload)
                        appendVarint(partBytes.count, to: &payload)
                    } else {
                        payload.append(1)
                        appendVarint(partBytes.count, to: &payload)
                        payload.append(contentsOf: partBytes)
                    }
                }
            }
        }
    }

    private static func appendString(_ text: String, to payload: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            appendVarint(bytes.count, to: &payload)
            payload.append(contentsOf: bytes)
        }
    }

    /// How many bytes the varint of `value` takes.
    private static func varintLength(_ value: Int) -> Int {
        var length = 1
        var rest = UInt64(value) >> 7
        while rest > 0 {
            length += 1
            rest >>= 7
        }
        return length
    }

    private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
        var value = UInt64(value)
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func appendInteger<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// The little-endian integer of `size` bytes at `offset` of `bytes`, which holds them.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (offset..<(offset + size)).reversed() { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// Reads the records of a payload, checking each length against what is left.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The offset in the file of the payload's first byte, for messages.
        let base: Int
        private var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>, base: Int) {
            self.bytes = bytes
            self.base = base
        }

        var atEnd: Bool { index == bytes.count }
        var offset: Int { base + index }

        mutating func friend() throws(Problem) -> Friend {
            let id = try string("id")
            let nameStart = index + varintLength()
            let name = try string("name")
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
            let first = try part("first name", of: nameBytes)
            let middle = try part("middle name", of: nameBytes)
            let last = try part("last name", of: nameBytes)
            return Friend(id: id, name: name, firstName: first, middleName: middle, lastName: last)
        }

        /// A part of the name, `what`, whose UTF-8 is `nameBytes`: absent, its own bytes, or a
        /// place in the name.
        private mutating func part(_ what: StaticString, of nameBytes: UnsafeBufferPointer<UInt8>) throws(Problem)
            -> String?
        {
            let tagOffset = offset
            switch try byte(what) {
            case 0: return nil
            case 1: return try string(what)
            case 2:
                let start = try varint(what)
                let length = try varint(what)
                guard start <= nameBytes.count, length <= nameBytes.count - start else {
                    throw .malformed(offset: tagOffset, "the \(what) is not within the name")
                }
                guard let part = UTF8Text.string(UnsafeBufferPointer(rebasing: nameBytes[start..<(start + length)]))
                else { throw .malformed(offset: tagOffset, "the \(what) cuts a character of the name") }
                return part
            default: throw .malformed(offset: tagOffset, "the \(what) is kept in an unknown way")
            }
        }

        /// How many bytes the varint at the reading place takes (0 at the end).
        private func varintLength() -> Int {
            var length = 0
            while index + length < bytes.count, length < 5 {
                length += 1
                if bytes[index + length - 1] < 0x80 { break }
            }
            return length
        }

        private mutating func byte(_ what: StaticString) throws(Problem) -> UInt8 {
            guard index < bytes.count else { throw .malformed(offset: offset, "the payload ends inside the \(what)") }
            defer { index += 1 }
            return bytes[index]
        }

        private mutating func varint(_ what: StaticString) throws(Problem) -> Int {
            let start = offset
            var value = 0
            for shift in stride(from: 0, to: 35, by: 7) {
                let byte = try byte(what)
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
            }
            throw .malformed(offset: start, "a length of the \(what) is too long")
        }

        private mutating func string(_ what: StaticString) throws(Problem) -> String {
            let start = offset
            let length = try varint(what)
            guard length <= bytes.count - index else {
                throw .malformed(offset: start, "the \(what) goes past the end of the payload")
            }
            defer { index += length }
            guard let text = UTF8Text.string(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)])) else {
                throw .malformed(offset: start, "the \(what) is not valid UTF-8")
            }
            return text
        }
    }
}
