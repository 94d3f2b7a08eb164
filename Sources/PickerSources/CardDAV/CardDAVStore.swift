import FoundationEssentials
import Glibc
import PickerStore

/// The synced cards of a CardDAV account, kept in the cache directory between runs: one file
/// per source URL and user (`carddav-<64 hex digits>.cache`, a SHA-256 of both, so neither is
/// in its name), 0600 in the user's own directory, written whole by rename. It never holds a
/// password.
///
/// The file is a header, then the payload, all numbers little-endian:
///
///     offset size
///          0    8  "PKRDAVSY"
///          8    4  format version (1)
///         12    8  when it was last synced, in seconds since 1970
///         20    8  the length of the payload
///         28   32  the account key: SHA-256 of the source URL and the user
///         60   32  SHA-256 of bytes 0..<60 and of the payload
///         92       the payload: the number of collections (4 bytes); each one's href and sync
///                  token, then its number of cards, each card's href, etag and vCard text;
///                  every string a 4-byte length then its bytes (a token's length 0xFFFFFFFF
///                  when there is none)
///
/// Everything is checked before a card is used; a file that does not hold together is
/// ignored (and replaced by the next sync), never a crash.
package struct CardDAVStore: Hashable, Sendable {
    /// The cache directory.
    package let directory: String
    let key: [UInt8]

    static let magic = Array("PKRDAVSY".utf8)
    static let version: UInt32 = 1
    static let headerLength = 92

    /// The store of the account `address` (its user, or `user` when given), in `directory`.
    /// - Throws: when SHA-256 cannot be computed here (no libcrypto).
    package init(directory: String, address: CardDAVAddress, user: String?) throws(PrivateFileError) {
        guard
            let key = SHA256.digest([
                Array("picker carddav cache\0".utf8), Array(address.shown.utf8), [0], Array((user ?? "").utf8),
            ])
        else {
            throw PrivateFileError("the CardDAV cache is off: \(SHA256.unavailability ?? "SHA-256 failed")")
        }
        self.directory = directory
        self.key = key
    }

    /// The name of the file in the directory.
    var name: String { "carddav-\(SHA256.hex(key)).cache" }
    /// The path of the file.
    package var path: String { "\(directory)/\(name)" }

    /// The kept state, or nil when there is none that can be used (no file, another format, a
    /// file that does not hold together: `warning` says which and why for the last two).
    package func read() -> (state: CardDAVState?, warning: String?) {
        let folder: PrivateDirectory
        do throws(PrivateFileError) {
            guard let opened = try PrivateDirectory.open(directory) else { return (nil, nil) }
            folder = opened
        } catch {
            return (nil, "\(error.description); the CardDAV cache is off")
        }
        switch folder.read(name, limit: .cache, touching: true) {
        case .missing: return (nil, nil)
        case .refused(let why): return (nil, "\(path) \(why); ignored")
        case .bytes(let bytes):
            guard let state = decode(bytes) else {
                return (nil, "\(path) is not a CardDAV cache of this picker; ignored, and replaced once synced")
            }
            return (state, nil)
        }
    }

    /// Writes `state` as the kept state.
    package func write(_ state: CardDAVState) throws(PrivateFileError) {
        let folder = try PrivateDirectory.prepare(directory)
        try folder.write(encode(state), to: name)
    }

    /// The bytes of `state`'s file.
    func encode(_ state: CardDAVState) -> [UInt8] {
        var payload: [UInt8] = []
        append(UInt32(state.collections.count), to: &payload)
        for collection in state.collections {
            append(string: Array(collection.href.utf8), to: &payload)
            if let token = collection.syncToken {
                append(string: Array(token.utf8), to: &payload)
            } else {
                append(UInt32.max, to: &payload)
            }
            append(UInt32(collection.cards.count), to: &payload)
            for (_, card) in collection.cards.sorted(by: { $0.key < $1.key }) {
                append(string: Array(card.href.utf8), to: &payload)
                append(string: Array(card.etag.utf8), to: &payload)
                append(string: card.data, to: &payload)
            }
        }
        var header = Self.magic
        append(Self.version, to: &header)
        append(UInt64(bitPattern: state.savedAt), to: &header)
        append(UInt64(payload.count), to: &header)
        header += key
        header += SHA256.digest([header, payload]) ?? [UInt8](repeating: 0, count: 32)
        return header + payload
    }

    /// The state `bytes` hold, or nil when they are not this account's file of this format,
    /// whole.
    func decode(_ bytes: [UInt8]) -> CardDAVState? {
        var reader = Reader(bytes: bytes)
        guard bytes.count >= Self.headerLength, Array(bytes[0..<8]) == Self.magic else { return nil }
        reader.offset = 8
        guard let version = reader.integer(UInt32.self), version == Self.version,
            let savedAt = reader.integer(UInt64.self), let length = reader.integer(UInt64.self),
            Array(bytes[28..<60]) == key, UInt64(bytes.count - Self.headerLength) == length,
            Self.checksum(of: bytes) == Array(bytes[60..<92])
        else { return nil }
        reader.offset = Self.headerLength
        var state = CardDAVState(savedAt: Int64(bitPattern: savedAt))
        guard let collections = reader.integer(UInt32.self) else { return nil }
        for _ in 0..<collections {
            guard let href = reader.text(), let tokenLength = reader.peekInteger() else { return nil }
            var collection = CardDAVState.Collection(href: href)
            if tokenLength == UInt32.max {
                reader.offset += 4
            } else {
                guard let token = reader.text() else { return nil }
                collection.syncToken = token
            }
            guard let cards = reader.integer(UInt32.self) else { return nil }
            // Room for the cards the file can hold (three lengths of four bytes each at least).
            collection.cards.reserveCapacity(min(Int(cards), (bytes.count - reader.offset) / 12))
            for _ in 0..<cards {
                guard let href = reader.text(), let etag = reader.text(), let data = reader.string() else { return nil }
                collection.cards[DAVResponse.key(href)] = CardDAVState.Card(href: href, etag: etag, data: data)
            }
            state.collections.append(collection)
        }
        return reader.offset == bytes.count ? state : nil
    }

    /// The SHA-256 of a file's first 60 bytes and of what follows its header, read where they
    /// lie; nil when libcrypto failed.
    private static func checksum(of bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBytes { raw in
            guard var digest = SHA256() else { return nil }
            digest.update(UnsafeRawBufferPointer(rebasing: raw[0..<60]))
            digest.update(UnsafeRawBufferPointer(rebasing: raw[headerLength...]))
            return digest.finish()
        }
    }

    private func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private func append(string: [UInt8], to bytes: inout [UInt8]) {
        append(UInt32(string.count), to: &bytes)
        bytes += string
    }

    /// Reads a file's numbers and strings, every length checked.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func integer<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
            let size = MemoryLayout<Integer>.size
            guard bytes.count - offset >= size else { return nil }
            var value: Integer = 0
            for index in (0..<size).reversed() { value = value << 8 | Integer(bytes[offset + index]) }
            offset += size
            return value
        }

        func peekInteger() -> UInt32? {
            var copy = self
            return copy.integer(UInt32.self)
        }

        mutating func string() -> [UInt8]? {
            guard let length = integer(UInt32.self), bytes.count - offset >= Int(length) else { return nil }
            defer { offset += Int(length) }
            return Array(bytes[offset..<(offset + Int(length))])
        }

        mutating func text() -> String? {
            guard let length = integer(UInt32.self), bytes.count - offset >= Int(length) else { return nil }
            defer { offset += Int(length) }
            let range = offset..<(offset + Int(length))
            return bytes.withUnsafeBufferPointer { UTF8Text.string(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }
}
