import FoundationEssentials

/// The ids and names of friends stored as UTF-8 bytes back to back, in the order they were
/// added, and turned back into strings when read.
///
/// A `Friend` holds five strings, 80 bytes before any of their text; a million of them take
/// well over 100 MB. Packed, a friend takes the bytes of its name plus a few, since the first,
/// middle and last names are usually parts of the name and are stored as a place in it, and
/// an id that is a number (a Graph id, a line number) is stored as the number: 8 bytes for
/// `100000000000000`, 4 for `123456`.
package struct PackedFriends: Sendable {
    private var bytes: [UInt8] = []
    private var starts: [UInt32] = []

    /// How a record spells an optional part: absent, its own bytes, or a place in the name.
    private enum PartTag: UInt8 {
        case absent = 0
        case inline = 1
        case inName = 2
    }

    /// The number of friends stored.
    package var count: Int { starts.count }

    /// Appends the friend whose strings are `friend`.
    /// - Returns: the number its id spells, if it is one (``AscendingIDs/value(_:)``).
    @discardableResult
    mutating func append(_ friend: FriendText) -> UInt64? {
        guard let start = UInt32(exactly: bytes.count) else { preconditionFailure("more than 4 GiB of friends") }
        starts.append(start)
        // The id's length, doubled; or 1, then the number it spells.
        let number = AscendingIDs.value(friend.id)
        if let number {
            appendNumber(1)
            appendNumber(Int(number))
        } else {
            appendNumber(friend.id.count << 1)
            bytes.append(contentsOf: friend.id)
        }
        // The name's length, doubled, and 1 when parts follow: a name without parts, as every
        // line of text is, spends no byte on them.
        let name = friend.name
        appendNumber(name.count << 1 | (friend.hasParts ? 1 : 0))
        bytes.append(contentsOf: name)
        guard friend.hasParts else { return number }
        appendPart(friend.firstName, name)
        appendPart(friend.middleName, name)
        appendPart(friend.lastName, name)
        return number
    }

    private mutating func appendPart(_ part: UnsafeBufferPointer<UInt8>?, _ name: UnsafeBufferPointer<UInt8>) {
        guard let part else {
            bytes.append(PartTag.absent.rawValue)
            return
        }
        if let offset = placeOfPart(part, in: name) {
            bytes.append(PartTag.inName.rawValue)
            appendNumber(offset)
            appendNumber(part.count)
        } else {
            bytes.append(PartTag.inline.rawValue)
            appendNumber(part.count)
            bytes.append(contentsOf: part)
        }
    }

    /// Makes room for `total` friends in all, their records as long on average as so far.
    mutating func reserve(_ total: Int) {
        GrowthPlan.reserve(&starts, total)
        GrowthPlan.reserve(&bytes, GrowthPlan.scaled(bytes.count, count, to: total))
    }

    /// Appends every friend of `other`, in order.
    mutating func append(contentsOf other: PackedFriends) {
        guard let base = UInt32(exactly: bytes.count) else { preconditionFailure("more than 4 GiB of friends") }
        bytes += other.bytes
        starts.append(contentsOf: other.starts.lazy.map { $0 + base })
    }

    /// The friend at `index`.
    /// - Complexity: O(length of its strings).
    func friend(_ index: Int) -> Friend {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer, cursor: Int(starts[index]))
            let id = reader.id { String(decoding: $0, as: UTF8.self) }
            let nameField = reader.number()
            let nameStart = reader.cursor
            let name = reader.string(length: nameField >> 1)
            var parts: (String?, String?, String?) = (nil, nil, nil)
            for slot in 0..<(nameField & 1 == 1 ? 3 : 0) {
                var part: String?
                switch PartTag(rawValue: reader.byte()) {
                case .inline: part = reader.string(length: reader.number())
                case .inName:
                    let offset = reader.number()
                    let length = reader.number()
                    let start = nameStart + offset
                    part = String(
                        decoding: UnsafeBufferPointer(rebasing: buffer[start..<(start + length)]), as: UTF8.self)
                case .absent, nil: part = nil
                }
                switch slot {
                case 0: parts.0 = part
                case 1: parts.1 = part
                default: parts.2 = part
                }
            }
            return Friend(id: id, name: name, firstName: parts.0, middleName: parts.1, lastName: parts.2)
        }
    }

    /// Calls `body` with the length of the name of the friend at `index`, the rest of its
    /// record from the name's bytes on (the name, then, when its parts follow, the first,
    /// middle and last names, each a tag, 0 absent, 1 its own length and bytes, 2 an offset and
    /// a length in the name, and what it says), and whether its parts follow.
    package func withRecordAfterName<Result>(
        _ index: Int, _ body: (Int, UnsafeBufferPointer<UInt8>, Bool) -> Result
    ) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer, cursor: Int(starts[index]))
            reader.skipID()
            let nameField = reader.number()
            let end = index + 1 < starts.count ? Int(starts[index + 1]) : buffer.count
            return body(nameField >> 1, UnsafeBufferPointer(rebasing: buffer[reader.cursor..<end]), nameField & 1 == 1)
        }
    }

    /// Calls `body` with the UTF-8 bytes of the id of the friend at `index`.
    func withID<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer, cursor: Int(starts[index]))
            return reader.id(body)
        }
    }

    private mutating func appendNumber(_ value: Int) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads a record: numbers in 7-bit groups, lowest first, and strings of known length.
    private struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        var cursor: Int

        mutating func byte() -> UInt8 {
            defer { cursor += 1 }
            return buffer[cursor]
        }

        mutating func number() -> Int {
            var value = 0
            var shift = 0
            while true {
                let next = byte()
                value |= Int(next & 0x7F) << shift
                if next < 0x80 { return value }
                shift += 7
            }
        }

        /// Reads past an id.
        mutating func skipID() {
            let field = number()
            if field & 1 == 1 { _ = number() } else { cursor += field >> 1 }
        }

        /// Reads an id, and calls `body` with its UTF-8: its own bytes, or the digits of the
        /// number it is stored as.
        @discardableResult
        mutating func id<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            let field = number()
            guard field & 1 == 1 else {
                let length = field >> 1
                defer { cursor += length }
                return body(UnsafeBufferPointer(rebasing: buffer[cursor..<(cursor + length)]))
            }
            return DecimalDigits.with(UInt64(number()), body)
        }

        mutating func string(length: Int) -> String {
            defer { cursor += length }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[cursor..<(cursor + length)]), as: UTF8.self)
        }
    }
}

extension PackedFriends {
    #if DEBUG
        /// Checks, in debug builds, that the records start in order within the bytes.
        func _checkInvariants() {
            for index in starts.indices.dropFirst() {
                precondition(starts[index - 1] < starts[index], "records in order")
            }
            precondition(starts.last.map { Int($0) < bytes.count } ?? bytes.isEmpty, "records within the bytes")
        }
    #else
        @inline(__always) func _checkInvariants() {}
    #endif
}
