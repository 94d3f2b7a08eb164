/// Friends as the UTF-8 of their strings, back to back in one buffer: a page as a reader
/// parses it, with no `String` made for each friend (five of them, then packed and let go of,
/// were a tenth of a large load's time).
package struct FriendTexts: Sendable, GrowingPage {
    private var bytes: [UInt8] = []
    /// Where each friend's five strings end in `bytes`: id, name, first, middle and last name.
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
        bytes.reserveCapacity(count * 48)
        ends.reserveCapacity(count * 5)
        given.reserveCapacity(count)
    }

    /// Appends a friend: its id and name, and the parts of its name it was given (first,
    /// middle, last), nil for the others; valid UTF-8 all. One call for a friend, so that a
    /// reader in another module pays one.
    package mutating func append(
        id: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>, firstName: UnsafeBufferPointer<UInt8>?,
        middleName: UnsafeBufferPointer<UInt8>?, lastName: UnsafeBufferPointer<UInt8>?
    ) {
        append(id)
        append(name)
        let first = appendPart(firstName, bit: 1)
        let middle = appendPart(middleName, bit: 2)
        let last = appendPart(lastName, bit: 4)
        given.append(first | middle | last)
    }

    /// Appends a part of the friend being appended, nil when not given: `bit` when it is.
    @inline(__always)
    private mutating func appendPart(_ part: UnsafeBufferPointer<UInt8>?, bit: UInt8) -> UInt8 {
        guard let part else {
            ends.append(UInt32(truncatingIfNeeded: bytes.count))
            return 0
        }
        append(part)
        return bit
    }

    private mutating func append(_ string: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: string)
        guard let end = UInt32(exactly: bytes.count) else { preconditionFailure("a page of more than 4 GiB") }
        ends.append(end)
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
