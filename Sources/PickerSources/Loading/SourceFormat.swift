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
    /// UTF-16 or UTF-32 text (see ``wideEncoding(_:)``), read once turned into UTF-8.
    case wideText
    /// A kind of file picker does not read, told by its magic bytes (``FileKind``): what it
    /// looks like (`a PNG image`).
    case otherKind(String)

    /// How many bytes of the start the format is told from.
    static let headLength = 64 << 10

    /// The format of a source that starts with `head`.
    ///
    /// A zip archive by its signature; an image, a PDF, a compressed file and other kinds
    /// picker does not read by theirs (``FileKind``); UTF-16 or UTF-32 by ``wideEncoding(_:)``;
    /// then, after a
    /// UTF-8 byte-order mark: JSON when the first byte that is not white space is `{` or `[`
    /// (unless the first line is not JSON: then it is text); vCard when the first line that is
    /// neither blank nor a `#` comment is `BEGIN:VCARD`; a contacts CSV when its first lines
    /// look like one (``ContactsCSV/isContactsCSV(_:)``); else text.
    package static func of(_ head: UnsafeBufferPointer<UInt8>) -> SourceFormat {
        let zipSignatures: [[UInt8]] = [
            [0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06], [0x50, 0x4B, 0x07, 0x08],
        ]
        if zipSignatures.contains(where: { head.starts(with: $0) }) { return .zipArchive }
        if let kind = FileKind.of(head) { return .otherKind(kind) }
        if wideEncoding(head) != nil { return .wideText }
        let start = head.starts(with: FriendsJSON.byteOrderMark) ? FriendsJSON.byteOrderMark.count : 0
        let text = UnsafeBufferPointer(rebasing: head[start...])
        guard let first = text.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .text }
        if text[first] == UInt8(ascii: "{") || text[first] == UInt8(ascii: "[") {
            return isTextNotJSON(UnsafeBufferPointer(rebasing: text[first...])) ? .text : .json
        }
        if isVCard(text, from: first) { return .vCard }
        return ContactsCSV.isContactsCSV(UnsafeBufferPointer(rebasing: text[first...])) ? .contactsCSV : .text
    }

    /// The format of a source that starts with `head`: the one `declared` (`--input`) names,
    /// else the one its bytes tell (``of(_:)-(UnsafeBufferPointer<UInt8>)``); see
    /// ``InputFormat/format(sniffed:)``.
    package static func of(_ head: UnsafeBufferPointer<UInt8>, declared: InputFormat?) -> SourceFormat {
        let sniffed = of(head)
        return declared?.format(sniffed: sniffed) ?? sniffed
    }

    /// The format of `data`, from its first ``headLength`` bytes, or the one `declared` names
    /// (see ``of(_:declared:)``).
    package static func of(_ data: Data, declared: InputFormat?) -> SourceFormat {
        data.prefix(headLength).withUnsafeBytes { of($0.bindMemory(to: UInt8.self), declared: declared) }
    }

    /// Whether `text`, which starts with `{` or `[`, is a line of text rather than JSON: the
    /// first thing that is not JSON is on its first line (`[Work] Ann Lee`), not in a later one
    /// and not past the end of what was read.
    private static func isTextNotJSON(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let problem = JSONSyntax.problem(in: text), !problem.truncated else { return false }
        let firstLineEnd = text.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? text.count
        return problem.offset < firstLineEnd
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
    package static func isBlank(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = head.starts(with: FriendsJSON.byteOrderMark) ? FriendsJSON.byteOrderMark.count : 0
        return head[start...].allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    /// The encoding of text that starts with `head`, as the C library's `iconv` names it, when
    /// it is UTF-16 or UTF-32: told by a byte-order mark, or for UTF-16 without one by its NUL
    /// bytes (text that is mostly ASCII, as address books are, has a NUL in every other byte:
    /// the odd ones in little-endian, the even ones in big-endian; UTF-8 text has none). Nil
    /// for any other text.
    package static func wideEncoding(_ head: UnsafeBufferPointer<UInt8>) -> String? {
        if head.starts(with: [0xFF, 0xFE, 0, 0]) { return "UTF-32LE" }
        if head.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32BE" }
        if head.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if head.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        let pairs = min(head.count / 2, 512)
        guard pairs >= 2 else { return nil }
        var evenNULs = 0
        var oddNULs = 0
        for pair in 0..<pairs {
            if head[2 * pair] == 0 { evenNULs += 1 }
            if head[2 * pair + 1] == 0 { oddNULs += 1 }
        }
        if 2 * oddNULs >= pairs, 4 * evenNULs < oddNULs { return "UTF-16LE" }
        if 2 * evenNULs >= pairs, 4 * oddNULs < evenNULs { return "UTF-16BE" }
        return nil
    }

    /// `data`, text in UTF-16 or UTF-32 (``wideEncoding(_:)``), as UTF-8; a byte-order mark
    /// becomes UTF-8's, which the readers pass over.
    /// - Throws: ``SourceError`` naming `source` when the bytes are not text in that encoding.
    static func utf8(fromWide data: Data, source: String) throws(SourceError) -> Data {
        let bytes = [UInt8](data)
        let encoding = bytes.withUnsafeBufferPointer { wideEncoding($0) } ?? "UTF-16LE"
        guard case .text(let text) = CharacterSetDecoding.decode(bytes, charset: encoding) else {
            throw SourceError(source: source, problem: "looks like \(encoding) text, but is not valid \(encoding)")
        }
        return Data(text.utf8)
    }
}
