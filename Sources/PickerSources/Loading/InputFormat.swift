/// What a file or standard input holds, as `--input` says it, for when its first bytes would be
/// taken for another format (``SourceFormat/of(_:declared:)``).
package enum InputFormat: String, CaseIterable, Hashable, Sendable {
    /// JSON: a Graph friends page, an array of friends or of names.
    case json
    /// vCard contacts.
    case vcard
    /// A contacts CSV.
    case csv
    /// Plain text, one name per line.
    case text
    /// A Facebook export: its `.zip`, its folder, or its friends list (`your_friends.json`).
    case facebook

    /// The format a source that starts so is read in: this one, whatever a text format's first
    /// bytes look like. A Facebook export's `.zip` is read as one only with ``facebook`` (or no
    /// `--input`); a file of another kind (``FileKind``) is refused whatever is said of it.
    func format(sniffed: SourceFormat) -> SourceFormat {
        switch (self, sniffed) {
        case (_, .otherKind), (_, .wideText), (.facebook, .zipArchive): return sniffed
        case (_, .zipArchive): return .otherKind("a .zip archive, not \(rawValue)")
        case (.json, _), (.facebook, _): return .json
        case (.vcard, _): return .vCard
        case (.csv, _): return .contactsCSV
        case (.text, _): return .text
        }
    }
}
