import FoundationEssentials
import Glibc
import PickerStore

/// Reads a contacts CSV as friends: Google Contacts' export (the current columns `First Name`,
/// `Middle Name`, `Last Name`, `E-mail 1 - Value`…, and the older `Name`, `Given Name`,
/// `Additional Name`, `Family Name`), Outlook's (`E-mail Address`, `E-mail 2 Address`…), or a
/// plain `name,email` file; the columns are found by the header row, whatever their order.
///
/// The name is the `Name` column, else the first, middle and last names, else the
/// organization's; a row without any is skipped and counted. Several addresses in one cell are
/// joined with ` ::: `, as Google writes them; an address Google labels with a leading `*`
/// comes first. The id is the `id` or `uid` column, else a hash of the name and addresses.
///
/// One record never costs the others: a record that cannot be read (a closing quote followed
/// by more text, a quoted field that never ends) is skipped and counted with its line, column
/// and header, and the lines a never-ending field took in are read again.
package struct ContactsCSV: LineReader {
    /// How messages name the source.
    let source: String
    private var records = CSVRecords()
    private var columns: Columns?

    package init(source: String) {
        self.source = source
    }

    /// Where the header put each thing the reader takes.
    struct Columns {
        var name: Int?
        var first: Int?
        var middle: Int?
        var last: Int?
        var organization: Int?
        var id: Int?
        /// Address columns, in the header's order, each with the column of its label, if any.
        var emails: [(value: Int, label: Int?)] = []
        /// The names of the columns, for messages.
        var names: [String] = []

        /// The columns of `header`; nil when no column names a person (a name, a first, a
        /// last or a given or family name).
        init?(header: [String]) {
            names = header
            var labels: [String: Int] = [:]
            var values: [(number: String, column: Int)] = []
            for (column, title) in header.enumerated() {
                let key = Self.normalized(title)
                switch key {
                case "name", "full name", "display name": name = name ?? column
                case "first name", "given name", "first": first = first ?? column
                case "middle name", "additional name": middle = middle ?? column
                case "last name", "family name", "surname", "last": last = last ?? column
                case "organization name", "organization 1 - name", "company": organization = organization ?? column
                case "id", "uid": id = id ?? column
                default:
                    if let number = Self.emailNumber(key, suffixes: ["", "value", "address"]) {
                        values.append((number, column))
                    } else if let number = Self.emailNumber(key, suffixes: ["label", "type"]) {
                        labels[number] = labels[number] ?? column
                    }
                }
            }
            guard name != nil || first != nil || last != nil else { return nil }
            emails = values.map { (value: $0.column, label: $0.number.isEmpty ? nil : labels[$0.number]) }
        }

        /// A header lower-cased, its spaces trimmed and single, `e-mail` spelled `email`.
        private static func normalized(_ title: String) -> String {
            title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
                .replacing("e-mail", with: "email")
        }

        /// When `key` names an address column (`email`, `email 2 address`, `email 1 - value`,
        /// `primary email`…) ending in one of `suffixes`: its number, or empty when it has none.
        private static func emailNumber(_ key: String, suffixes: [String]) -> String? {
            var rest = Substring(key)
            for prefix in ["primary ", "home ", "work ", "other "] where rest.hasPrefix(prefix) {
                rest = rest.dropFirst(prefix.count)
            }
            guard rest.hasPrefix("email") else { return nil }
            rest = rest.dropFirst("email".count)
            let number = String(rest.filter(\.isNumber))
            let word = rest.filter { !$0.isNumber && $0 != " " && $0 != "-" }
            return suffixes.contains(String(word)) ? number : nil
        }
    }

    /// Whether `line`, the first line of a text, is the header of a contacts CSV: two or more
    /// fields, one of them naming a person.
    package static func isHeader(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var records = CSVRecords()
        guard let header = try? records.read(line, number: 1), header.fields.count >= 2 else { return false }
        return Columns(header: header.fields) != nil
    }

    package mutating func read(
        line: UnsafeBufferPointer<UInt8>, number: Int, into pages: inout PageCollector, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
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
        guard let record, record.fields.contains(where: { !$0.isEmpty }) else { return }
        guard let columns else {
            guard let header = Columns(header: record.fields) else {
                throw SourceError(
                    source: source,
                    problem:
                        "line \(record.line): the header names no name column (Name, First Name, Last Name, Given Name, Family Name)"
                )
            }
            columns = header
            return
        }
        if let friend = Self.friend(record.fields, columns) {
            pages.add(friend, deliver)
        } else {
            pages.skip(SkippedEntry(line: record.line, problem: "the record has no name"))
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

    /// The friend of a row; nil when it names nobody.
    static func friend(_ fields: [String], _ columns: Columns) -> Friend? {
        func cell(_ column: Int?) -> String {
            guard let column, column < fields.count else { return "" }
            return fields[column].trimmingWhitespace
        }
        let (first, middle, last) = (cell(columns.first), cell(columns.middle), cell(columns.last))
        var name = cell(columns.name)
        if name.isEmpty { name = [first, middle, last].filter { !$0.isEmpty }.joined(separator: " ") }
        if name.isEmpty { name = cell(columns.organization) }
        guard !name.isEmpty else { return nil }
        var preferred: [String] = []
        var others: [String] = []
        for column in columns.emails {
            let value = cell(column.value)
            // Only a cell with a colon can hold several addresses joined with " ::: ".
            let addresses = (value.utf8.contains(UInt8(ascii: ":")) ? value.split(separator: " ::: ") : [value[...]])
                .map(\.trimmingWhitespace).filter { !$0.isEmpty }
            if cell(column.label).hasPrefix("*") { preferred += addresses } else { others += addresses }
        }
        var emails: [String] = []
        for email in preferred + others where !emails.contains(email) { emails.append(email) }
        let hasParts = !first.isEmpty || !last.isEmpty
        return Friend(
            id: cell(columns.id).isEmpty ? StableID.of([name] + emails) : cell(columns.id), name: name,
            firstName: hasParts && !first.isEmpty ? first : nil, middleName: hasParts && !middle.isEmpty ? middle : nil,
            lastName: hasParts && !last.isEmpty ? last : nil, emails: emails)
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
