import FoundationEssentials
import Glibc
import PickerStore

/// Reads a contacts CSV as friends: Google Contacts' export (the current columns `First Name`,
/// `Middle Name`, `Last Name`, `E-mail 1 - Value`…, and the older `Name`, `Given Name`,
/// `Additional Name`, `Family Name`), Outlook's (`E-mail Address`, `E-mail 2 Address`…, and
/// its German, Dutch, Japanese (in CP932 too), French and Spanish exports), Thunderbird's (`Primary Email`, `Secondary Email`),
/// Roundcube's (`Email Home`…), a plain `name,email` file or a list of addresses; the columns
/// are found by the header row, whatever their order (``Columns``). Fields are separated by
/// commas, semicolons or tabs, whichever the first line holds most of. A file without a header
/// is read when its first record holds an address (``Columns/init(headerless:)``), else refused.
///
/// The name is the `Name` column, else the first, middle and last names, else the
/// organization's, else the first address; a row with none is skipped and counted. Several
/// addresses in one cell are joined with ` ::: `, as Google writes them; an address Google
/// labels with a leading `*` comes first. The id is the `id` or `uid` column, else a hash of the
/// name and addresses.
///
/// One record never costs the others: a record that cannot be read (a closing quote followed
/// by more text, a quoted field that never ends) is skipped and counted with its line, column
/// and header, and the lines a never-ending field took in are read again.
package struct ContactsCSV: LineReader {
    /// How messages name the source.
    let source: String
    private var records = CSVRecords()
    /// Whether the separator was told from the first line that is not blank.
    private var hasSeparator = false
    private var columns: Columns?
    /// Ids told apart for namesakes of records without an id.
    private var madeIDs = MadeIDs()

    package init(source: String) {
        self.source = source
    }

    /// The separator of the dialect whose first line is `line`: the comma, semicolon or tab
    /// it holds most of outside quotes, in that order where they tie (a comma when it holds
    /// none).
    package static func separator(of line: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09]
        var counts = [0, 0, 0]
        var inQuotes = false
        for byte in line {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if !inQuotes, let index = candidates.firstIndex(of: byte) { counts[index] += 1 }
        }
        var best = 0
        for index in 1..<candidates.count where counts[index] > counts[best] { best = index }
        return candidates[best]
    }

    /// Whether `text`, the start of a source (after any byte-order mark), is a CSV of
    /// contacts, read as one or refused with a message naming its header, never as names: its
    /// first line a header naming a person or an address (``Columns/init(header:)``; one
    /// column only when it is an address's), or a record holding an address; or its first two
    /// lines records of the same three or more fields.
    package static func isContactsCSV(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var lines = text.split(maxSplits: 2, omittingEmptySubsequences: false) { $0 == 0x0A || $0 == 0x0D }
            .map { UnsafeBufferPointer(rebasing: $0) }
        if lines.count > 2 { lines.removeLast() }
        guard let first = lines.first else { return false }
        var records = records(headedBy: first)
        guard let header = try? records.read(first, number: 1) else { return false }
        let fields = header.fields
        if let columns = Columns(header: fields) {
            if fields.count >= 2 { return true }
            if !columns.emails.isEmpty { return true }
        }
        guard fields.count >= 2 else { return false }
        if Columns(headerless: fields) != nil { return true }
        guard fields.count >= 3, lines.count == 2, let second = try? records.read(lines[1], number: 2) else {
            return false
        }
        return second.fields.count == fields.count
    }

    /// The record cutter of a CSV whose first line is `line`: its separator told by the line
    /// (``separator(of:)``), and, when the line is not UTF-8 but is a Japanese Outlook header
    /// in CP932 (Shift_JIS as Windows writes it, what Outlook in Japan exports), reading what
    /// is not UTF-8 as CP932 rather than Windows-1252.
    static func records(headedBy line: UnsafeBufferPointer<UInt8>) -> CSVRecords {
        var records = CSVRecords(separator: separator(of: line))
        guard !UTF8Text.isValid(line) else { return records }
        var japanese = records
        japanese.legacyCharset = "CP932"
        guard let header = try? japanese.read(line, number: 1),
            header.fields.contains(where: { Columns.japaneseOutlookHeaders.contains(Columns.normalized($0)) })
        else { return records }
        records.legacyCharset = "CP932"
        return records
    }

    package mutating func read(
        line: UnsafeBufferPointer<UInt8>, number: Int, into pages: inout PageCollector, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        if !hasSeparator, !NameLine.isBlank(line) {
            records = Self.records(headedBy: line)
            hasSeparator = true
        }
        let record: CSVRecords.Record?
        do throws(CSVRecords.Failure) {
            record = try records.read(line, number: number)
        } catch {
            // A header that cannot be read leaves nothing to read the records by.
            guard columns != nil else {
                throw SourceError(source: source, problem: "\(place(of: error)): \(error.problem)")
            }
            let rest = records.abandonRecord()
            pages.skip(SkippedEntry(place: place(of: error), problem: error.problem))
            try read(again: rest, into: &pages, deliver)
            return
        }
        if let encoding = records.assumedEncoding { pages.assume(encoding: encoding) }
        guard let record, !record.bytes.isEmpty else { return }
        if columns == nil {
            if let header = Columns(header: record.fields) {
                columns = header
                return
            }
            // Without a header, the first record is a contact too.
            guard let inferred = Columns(headerless: record.fields) else {
                throw SourceError(source: source, problem: "line \(record.line): \(Self.unknownHeader(record.fields))")
            }
            columns = inferred
        }
        guard let columns else { return }
        if case (var friend, let made)? = Self.friend(record, columns) {
            if let made { friend.id = madeIDs.id(of: friend, made: made) }
            pages.add(friend, deliver)
        } else {
            pages.skip(SkippedEntry(line: record.line, problem: "the record has no name and no address"))
        }
    }

    /// Skips a record whose quoted field never ends, and reads the lines after its first
    /// again, as records of their own, until none is left open.
    package mutating func finish(into pages: inout PageCollector, _ deliver: (FriendPage) -> Void) throws(SourceError) {
        while let (failure, rest) = records.abandonOpenRecord() {
            guard columns != nil else {
                throw SourceError(source: source, problem: "\(place(of: failure)): \(failure.problem)")
            }
            pages.skip(SkippedEntry(place: place(of: failure), problem: failure.problem))
            try read(again: rest, into: &pages, deliver)
        }
    }

    /// Reads again the lines a skipped record's quoted field took in.
    private mutating func read(
        again lines: [(bytes: [UInt8], number: Int)], into pages: inout PageCollector, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        for line in lines {
            try line.bytes.withUnsafeBufferPointer { (bytes) throws(SourceError) in
                try read(line: bytes, number: line.number, into: &pages, deliver)
            }
        }
    }

    /// What is said of a first line that is neither a header picker knows nor a contact.
    static func unknownHeader(_ fields: [String]) -> String {
        let shown = fields.prefix(6).map { "\"\($0)\"" }.joined(separator: ", ") + (fields.count > 6 ? ", …" : "")
        return
            "the header (\(shown)) names no name or address column: expected a header such as Name, First Name, Last Name, E-mail Address (or Vorname, Nachname, E-Mail-Adresse…)"
    }

    /// Where `error` is: its line and column, and the header of its field when known.
    private func place(of error: CSVRecords.Failure) -> String {
        var place = "line \(error.line), column \(error.column)"
        if let columns, let field = error.field, field <= columns.names.count {
            place += " (\(columns.names[field - 1]))"
        }
        return place
    }
}
