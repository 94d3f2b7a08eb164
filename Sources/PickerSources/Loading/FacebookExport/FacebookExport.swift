import PickerStore

/// The friends list of Facebook's "Download Your Information" export: `your_friends.json`
/// (`{"friends_v2": [{"name": …, "timestamp": …}]}`; older exports: `friends.json` with the key
/// `friends`), read by ``FriendsJSON`` like any friends JSON; the folder or `.zip` the export
/// comes in; and the address book it may hold (`your_address_books.json`).
package enum FacebookExport {
    /// The friend of an entry of the export: its name repaired (see ``repaired(_:)``), its id
    /// made from the name and the time the friendship began (the export gives no id).
    static func friend(name: String, timestamp: Int64?) -> Friend {
        let name = repaired(name)
        return Friend(
            id: StableID.of([name, timestamp.map { String($0) } ?? ""]), name: name, friendsSince: timestamp)
    }

    /// `text` as the export meant it: the export writes each UTF-8 byte of a name as its own
    /// `\u00XX` escape (`"L\u00c3\u00b8ye"` for Løye), so when every character of `text` is
    /// at most U+00FF and those, taken as bytes, are valid UTF-8 (and not all ASCII), the text
    /// is those bytes decoded; otherwise it is kept as it is.
    package static func repaired(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.unicodeScalars.count)
        var isASCII = true
        for scalar in text.unicodeScalars {
            guard scalar.value <= 0xFF else { return text }
            if scalar.value >= 0x80 { isASCII = false }
            bytes.append(UInt8(scalar.value))
        }
        guard !isASCII else { return text }
        return bytes.withUnsafeBufferPointer { UTF8Text.string($0) } ?? text
    }
}
