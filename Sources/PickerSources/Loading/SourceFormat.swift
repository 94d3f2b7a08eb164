import FoundationEssentials
import Glibc
import PickerStore

/// What a source holds, told by its first bytes, whatever the file is called: the reader that
/// reads it.
package enum SourceFormat: Equatable {
    /// JSON: a Graph friends page, an array of friends, or the Facebook export's friends list.
    case json
    /// vCard contacts (`.vcf`).
    case vCard
    /// A CSV whose header names contacts' columns (Google, Outlook, `name,email`).
    case contactsCSV
    /// Plain text, one name per line.
    case text
    /// A `.zip` archive: a Facebook export.
    case zipArchive
    /// UTF-16 or UTF-32 text (a byte-order mark says so), which picker does not read.
    case wideText

    /// How many bytes of the start the format is told from.
    static let headLength = 64 << 10

    /// The format of a source that starts with `head`.
    ///
    /// A zip archive by its signature; UTF-16 by its byte-order mark; then, after a UTF-8
    /// byte-order mark: JSON when the first byte that is not white space is `{` or `[`; vCard
    /// when the first line that is neither blank nor a `#` comment is `BEGIN:VCARD`; a contacts
    /// CSV when the first line is a header of two or more fields, one naming a person (`Name`,
    /// `First Name`, `Given Name`, `Last Name`, `Family Name`); else text.
    package static func of(_ head: UnsafeBufferPointer<UInt8>) -> SourceFormat {
        let zipSignatures: [[UInt8]] = [
            [0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06], [0x50, 0x4B, 0x07, 0x08],
        ]
        if zipSignatures.contains(where: { head.starts(with: $0) }) { return .zipArchive }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0, 0, 0xFE, 0xFF]) {
            return .wideText
        }
        let start = head.starts(with: FriendsJSON.byteOrderMark) ? FriendsJSON.byteOrderMark.count : 0
        let text = UnsafeBufferPointer(rebasing: head[start...])
        guard let first = text.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .text }
        if text[first] == UInt8(ascii: "{") || text[first] == UInt8(ascii: "[") { return .json }
        if isVCard(text, from: first) { return .vCard }
        let firstLineEnd = text.firstIndex(of: 0x0A) ?? text.count
        var firstLine = UnsafeBufferPointer(rebasing: text[0..<firstLineEnd])
        if firstLine.last == 0x0D { firstLine = UnsafeBufferPointer(rebasing: firstLine.dropLast()) }
        return ContactsCSV.isHeader(firstLine) ? .contactsCSV : .text
    }

    /// Whether the first line of `text` from `start` on that is neither blank nor a `#` comment
    /// (Android writes them) is `BEGIN:VCARD`, in any case.
    private static func isVCard(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        let beginCard = Array("BEGIN:VCARD".utf8)
        var start = start
        while start < text.count, text[start] == UInt8(ascii: "#") {
            guard let lineEnd = text[start...].firstIndex(of: 0x0A),
                let next = text[lineEnd...].firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
            else { return false }
            start = next
        }
        return text.count - start >= beginCard.count
            && zip(text[start...], beginCard).allSatisfy({ $0 & 0xDF == $1 || $0 == $1 })
    }

    /// The format of `data`, from its first ``headLength`` bytes.
    package static func of(_ data: Data) -> SourceFormat {
        data.prefix(headLength).withUnsafeBytes { of($0.bindMemory(to: UInt8.self)) }
    }

    /// Whether `head`, the start of a source, holds nothing but white space.
    static func isBlank(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = head.starts(with: FriendsJSON.byteOrderMark) ? FriendsJSON.byteOrderMark.count : 0
        return head[start...].allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    /// The error for a source in UTF-16 or UTF-32.
    static func wideTextError(_ source: String) -> SourceError {
        SourceError(
            source: source,
            problem: "is UTF-16 or UTF-32 text: picker reads UTF-8 (convert it, e.g. iconv -f UTF-16 -t UTF-8)")
    }
}
