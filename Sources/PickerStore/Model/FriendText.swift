/// A friend's strings as UTF-8, borrowed from where they lie: what a batch is made of, whether
/// the friend came as a ``Friend`` or as bytes a reader kept (``FriendTexts``). Valid UTF-8
/// only, and only inside the call that lends it.
struct FriendText {
    var id: UnsafeBufferPointer<UInt8>
    var name: UnsafeBufferPointer<UInt8>
    /// The parts the service gave; nil for a part it did not give.
    var firstName: UnsafeBufferPointer<UInt8>?
    var middleName: UnsafeBufferPointer<UInt8>?
    var lastName: UnsafeBufferPointer<UInt8>?
    /// How the name is read (``ContactCard/reading``); nil when the source does not say.
    var reading: String?

    /// Whether the service gave any part of the name.
    var hasParts: Bool { firstName != nil || middleName != nil || lastName != nil }

    /// The friend these strings spell, its strings made: for the few names that take the long
    /// way (see ``NameKeys/isPlain(_:accentKey:)``).
    var friend: Friend {
        func string(_ bytes: UnsafeBufferPointer<UInt8>?) -> String? {
            bytes.map { String(decoding: $0, as: UTF8.self) }
        }
        return Friend(
            id: String(decoding: id, as: UTF8.self), name: String(decoding: name, as: UTF8.self),
            firstName: string(firstName), middleName: string(middleName), lastName: string(lastName))
    }
}

extension Friend {
    /// Calls `body` with the friend's strings where they lie (``String/withUTF8Bytes(_:)``).
    func withText<Result>(_ body: (FriendText) -> Result) -> Result {
        // The closures take the strings, not the friend, which they would copy whole.
        let (firstName, middleName, lastName, reading) = (firstName, middleName, lastName, card?.reading)
        return id.withUTF8Bytes { id in
            name.withUTF8Bytes { name in
                Self.withBytes(firstName) { first in
                    Self.withBytes(middleName) { middle in
                        Self.withBytes(lastName) { last in
                            body(
                                FriendText(
                                    id: id, name: name, firstName: first, middleName: middle, lastName: last,
                                    reading: reading))
                        }
                    }
                }
            }
        }
    }

    private static func withBytes<Result>(
        _ string: String?, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        guard let string else { return body(nil) }
        return string.withUTF8Bytes { body($0) }
    }
}
