/// Friends as the UTF-8 of their strings, back to back in one buffer: a page as a reader
/// parses it, with no `String` made for each friend (five of them, then packed and let go of,
/// were a tenth of a large load's time).
package struct FriendTexts: Sendable, GrowingPage {
    /// The friends' strings, back to back, in the first ``byteCount`` bytes; those after are
    /// room, not yet written, so that a friend's strings are copied into it with one check of
    /// the room for all of them.
    private var bytes: [UInt8] = []
    private var byteCount = 0
    /// Where each friend's five strings end in `bytes`: id, name, first, middle and last name,
    /// five for each friend counted (by ``given``); those after are room, as in `bytes`.
    private var ends: [UInt32] = []
    /// Which parts each friend was given: bit 0 the first name, 1 the middle, 2 the last.
    private var given: [UInt8] = []

    /// The number of friends.
    package var count: Int { given.count }

    package init() {}

    /// Makes room for `count` friends, of 48 bytes of strings each (a Graph friend's id, name,
    /// first and last name take 45 on average); more bytes than are filled cost address space,
    /// not memory.
    package mutating func reserveCapacity(_ count: Int) {
        if bytes.count < count * 48 { bytes = Self.grown(bytes, keeping: byteCount, to: count * 48) }
        if ends.count < count * 5 { ends = Self.grown(ends, keeping: given.count * 5, to: count * 5) }
        given.reserveCapacity(count)
    }

    /// `array` made `room` long, its first `count` elements kept and the others room, not yet
    /// written.
    private static func grown<Element: BitwiseCopyable>(_ array: [Element], keeping count: Int, to room: Int)
        -> [Element]
    {
        [Element](unsafeUninitializedCapacity: room) { target, initialized in
            // The elements past those kept are written before they are read, as room is taken.
            if count > 0, let target = target.baseAddress {
                array.withUnsafeBufferPointer { target.update(from: $0.baseAddress!, count: count) }
            }
            initialized = room
        }
    }

    /// Appends a friend: its id and name, and the parts of its name it was given (first,
    /// middle, last), nil for the others; valid UTF-8 all. One call for a friend, so that a
    /// reader in another module pays one.
    package mutating func append(
        id: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>, firstName: UnsafeBufferPointer<UInt8>?,
        middleName: UnsafeBufferPointer<UInt8>?, lastName: UnsafeBufferPointer<UInt8>?
    ) {
        let first = firstName ?? UnsafeBufferPointer(start: nil, count: 0)
        let middle = middleName ?? UnsafeBufferPointer(start: nil, count: 0)
        let last = lastName ?? UnsafeBufferPointer(start: nil, count: 0)
        let start = byteCount
        let idEnd = start + id.count
        let nameEnd = idEnd + name.count
        let firstEnd = nameEnd + first.count
        let middleEnd = firstEnd + middle.count
        let end = middleEnd + last.count
        guard UInt32(exactly: end) != nil else { preconditionFailure("a page of more than 4 GiB") }
        if bytes.count < end { bytes = Self.grown(bytes, keeping: start, to: max(2 * bytes.count, end, 256)) }
        let endsStart = given.count * 5
        if ends.count < endsStart + 5 { ends = Self.grown(ends, keeping: endsStart, to: max(2 * ends.count, 40)) }
        bytes.withUnsafeMutableBufferPointer { room in
            guard let target = room.baseAddress else { return }  // no room taken: every string empty
            Self.copy(id, to: target + start)
            Self.copy(name, to: target + idEnd)
            Self.copy(first, to: target + nameEnd)
            Self.copy(middle, to: target + firstEnd)
            Self.copy(last, to: target + middleEnd)
        }
        ends.withUnsafeMutableBufferPointer { room in
            room[endsStart] = UInt32(truncatingIfNeeded: idEnd)
            room[endsStart + 1] = UInt32(truncatingIfNeeded: nameEnd)
            room[endsStart + 2] = UInt32(truncatingIfNeeded: firstEnd)
            room[endsStart + 3] = UInt32(truncatingIfNeeded: middleEnd)
            room[endsStart + 4] = UInt32(truncatingIfNeeded: end)
        }
        byteCount = end
        given.append((firstName == nil ? 0 : 1) | (middleName == nil ? 0 : 2) | (lastName == nil ? 0 : 4))
    }

    /// Copies `string` to `target`: by words for a string of up to 32 bytes, as names and ids
    /// mostly are, where a call to copy it costs more than the copy.
    @inline(__always)
    private static func copy(_ string: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        guard let source = string.baseAddress else { return }
        let count = string.count
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        func move<Word: FixedWidthInteger>(_: Word.Type, at offset: Int = 0) {
            // The first and the last word, overlapping when the string is shorter than two.
            let size = MemoryLayout<Word>.size
            let first = from.loadUnaligned(fromByteOffset: offset, as: Word.self)
            let last = from.loadUnaligned(fromByteOffset: count - offset - size, as: Word.self)
            to.storeBytes(of: first, toByteOffset: offset, as: Word.self)
            to.storeBytes(of: last, toByteOffset: count - offset - size, as: Word.self)
        }
        switch count {
        case 17...32:
            // The first and the last 16 bytes.
            move(UInt64.self)
            move(UInt64.self, at: 8)
        case 8...16: move(UInt64.self)
        case 4..<8: move(UInt32.self)
        case 2..<4: move(UInt16.self)
        case 1: target.pointee = source.pointee
        default: to.copyMemory(from: from, byteCount: count)
        }
    }

    /// Appends `friend`.
    mutating func append(_ friend: Friend) {
        friend.withText { append($0) }
    }

    /// Appends the friend whose strings are `text`.
    mutating func append(_ text: FriendText) {
        append(
            id: text.id, name: text.name, firstName: text.firstName, middleName: text.middleName,
            lastName: text.lastName)
    }

    /// Calls `body` with the strings of friend `index`.
    func withText<Result>(_ index: Int, _ body: (FriendText) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            let first = index * 5
            func string(_ field: Int) -> UnsafeBufferPointer<UInt8> {
                let start = first + field == 0 ? 0 : Int(ends[first + field - 1])
                return UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[first + field])])
            }
            let given = given[index]
            return body(
                FriendText(
                    id: string(0), name: string(1), firstName: given & 1 != 0 ? string(2) : nil,
                    middleName: given & 2 != 0 ? string(3) : nil, lastName: given & 4 != 0 ? string(4) : nil))
        }
    }

    /// Every friend, their strings made.
    package var friends: [Friend] { (0..<count).map { withText($0) { $0.friend } } }
}
