import PickerStore

extension ContactsCSV {
    /// The fields of a record, read in place: each field's bytes, trimmed as
    /// `trimmingWhitespace` trims text (``Whitespace/trimmed(_:)``), an absent field empty.
    struct Cells {
        /// The bytes of the fields, one after another.
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where each field ends in ``bytes``.
        let ends: [Int]

        /// The bytes of field `column`, trimmed; empty when there is no such column or field.
        subscript(column: Int?) -> UnsafeBufferPointer<UInt8> {
            guard let column, column < ends.count else { return UnsafeBufferPointer(rebasing: bytes[0..<0]) }
            let field = UnsafeBufferPointer(rebasing: bytes[(column == 0 ? 0 : ends[column - 1])..<ends[column]])
            return UnsafeBufferPointer(rebasing: field[Whitespace.trimmed(field)])
        }

        /// Field `column` as text, trimmed.
        func text(_ column: Int?) -> String { String(decoding: self[column], as: UTF8.self) }

        /// The texts of fields `first`, `middle` and `last` that are not empty, trimmed, a space
        /// between each: what joining their texts makes, made at once from their bytes.
        func joined(_ first: Int?, _ middle: Int?, _ last: Int?) -> String {
            let fields = (self[first], self[middle], self[last])
            return String(unsafeUninitializedCapacity: fields.0.count + fields.1.count + fields.2.count + 2) { text in
                var length = 0
                func append(_ field: UnsafeBufferPointer<UInt8>) {
                    guard !field.isEmpty else { return }
                    if length > 0 {
                        text[length] = 0x20
                        length += 1
                    }
                    _ = UnsafeMutableBufferPointer(rebasing: text[length...]).initialize(fromContentsOf: field)
                    length += field.count
                }
                append(fields.0)
                append(fields.1)
                append(fields.2)
                return length
            }
        }
    }

    /// The friend of a record, with its ``ContactCard`` (nickname, company, job title, phones,
    /// categories without Google's `*` system groups, birthday, the first line of the notes,
    /// the name's reading, family name first);
    /// named by its name, else its name's parts, else the name of the first address written
    /// `Name <addr>` (whose address is taken alone), else its company, else its first address;
    /// identified by its id column, else by the hash of its name and addresses (``StableID``),
    /// given as `made`; nil when it holds neither a name nor an address.
    static func friend(_ record: CSVRecords.Record, _ columns: Columns) -> (friend: Friend, made: StableID.Hash?)? {
        record.bytes.withUnsafeBufferPointer { friend(Cells(bytes: $0, ends: record.ends), columns) }
    }

    /// The friend of the record whose fields are `cells`, as the record's.
    private static func friend(_ cells: Cells, _ columns: Columns) -> (friend: Friend, made: StableID.Hash?)? {
        func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
        let (first, middle, last) = (cells.text(columns.first), cells.text(columns.middle), cells.text(columns.last))
        var name = cells.text(columns.name)
        if name.isEmpty { name = cells.joined(columns.first, columns.middle, columns.last) }
        var preferred: [String] = []
        var others: [String] = []
        var mailboxName: String?
        for column in columns.emails {
            var addresses = Self.addresses(cells[column.value])
            for (index, address) in addresses.enumerated() where address.utf8.last == UInt8(ascii: ">") {
                // An address written `Name <addr>` gives the address, and the name.
                guard let mailbox = EmailAddress.mailbox(address) else { continue }
                mailboxName = mailboxName ?? mailbox.name
                addresses[index] = mailbox.address
            }
            if Self.isPreferred(cells[column.label]) {
                preferred.append(taking: addresses)
            } else {
                others.append(taking: addresses)
            }
        }
        if name.isEmpty { name = mailboxName ?? cells.text(columns.organization) }
        preferred.append(taking: others)
        let emails = preferred.eachOnce
        // Someone with an address and no name goes by the address, as mail clients show them.
        if name.isEmpty { name = emails.first ?? "" }
        guard !name.isEmpty else { return nil }
        let hasParts = !first.isEmpty || !last.isEmpty
        var card = ContactCard()
        card.nickname = nonEmpty(cells.text(columns.nickname))
        card.organization = nonEmpty(cells.text(columns.organization))
        card.title = nonEmpty(cells.text(columns.title))
        for phone in columns.phones.flatMap({ Self.items(cells.text($0)) }) where !card.phones.contains(phone) {
            card.phones.append(phone)
        }
        for category in columns.categories.flatMap({ Self.items(cells.text($0), alsoSplittingOn: ";") })
        where !category.hasPrefix("*") && !card.categories.contains(category) {
            card.categories.append(category)
        }
        card.birthday = nonEmpty(cells.text(columns.birthday)).flatMap { Self.emptyDates.contains($0) ? nil : $0 }
        if columns.note != nil {
            card.note = cells.text(columns.note).split(whereSeparator: \.isNewline).first.map {
                String($0).trimmingWhitespace
            }
        }
        if columns.readings.contains(where: { $0 != nil }) || columns.wholeReading != nil {
            let reading = columns.readings.map(cells.text).filter { !$0.isEmpty }.joined(separator: " ")
            card.reading = nonEmpty(reading.isEmpty ? cells.text(columns.wholeReading) : reading)
        }
        let (id, made) = StableID.Hash.id(given: cells.text(columns.id), name: name, addresses: emails)
        let friend = Friend(
            id: id, name: name, firstName: hasParts && !first.isEmpty ? first : nil,
            middleName: hasParts && !middle.isEmpty ? middle : nil, lastName: hasParts && !last.isEmpty ? last : nil,
            emails: emails, card: card)
        return (friend, made)
    }

    /// The addresses of a cell, `value` (trimmed): several joined with ` ::: ` as Google
    /// writes them (only a cell with a colon can hold several), each trimmed, the empty ones
    /// left out. The cell is cut on its bytes, where `split(separator: " ::: ")` cuts its
    /// characters when every ` ::: ` found starts and ends a character (surely so next to an
    /// ASCII byte or an end of the cell, else as the text's grapheme breaking says); any other
    /// cell is cut as characters.
    static func addresses(_ value: UnsafeBufferPointer<UInt8>) -> [String] {
        guard value.contains(UInt8(ascii: ":")) else {
            return value.isEmpty ? [] : [String(decoding: value, as: UTF8.self)]
        }
        var text: String?
        /// Whether a character of the cell starts at byte `offset`, next to a separator's space.
        func startsCharacter(_ offset: Int) -> Bool {
            guard offset > 0, offset < value.count, value[offset - 1] >= 0x80 || value[offset] >= 0x80 else {
                return true
            }
            let whole = text ?? String(decoding: value, as: UTF8.self)
            text = whole
            return String.Index(whole.utf8.index(whole.utf8.startIndex, offsetBy: offset), within: whole) != nil
        }
        var addresses: [String] = []
        var start = 0
        var index = 0
        while index + 5 <= value.count {
            guard value[index] == 0x20, value[index + 1] == UInt8(ascii: ":"), value[index + 2] == UInt8(ascii: ":"),
                value[index + 3] == UInt8(ascii: ":"), value[index + 4] == 0x20
            else {
                index += 1
                continue
            }
            guard startsCharacter(index), startsCharacter(index + 5) else {
                // A character may hold a space of the separator: the cell is cut as characters.
                return String(decoding: value, as: UTF8.self).split(separator: " ::: ").map(\.trimmingWhitespace)
                    .filter { !$0.isEmpty }
            }
            addresses.appendTrimmed(UnsafeBufferPointer(rebasing: value[start..<index]))
            index += 5
            start = index
        }
        addresses.appendTrimmed(UnsafeBufferPointer(rebasing: value[start...]))
        return addresses
    }

    /// Whether a cell's label, `label` (trimmed), starts with `*`, as Google marks the
    /// preferred address: as `hasPrefix("*")` tells, a `*` followed by an ASCII byte, or
    /// nothing, surely being a character of its own.
    static func isPreferred(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        guard label.first == UInt8(ascii: "*") else { return false }
        guard label.count > 1, label[1] >= 0x80 else { return true }
        return String(decoding: label, as: UTF8.self).hasPrefix("*")
    }

    /// How Outlook writes a birthday it does not know.
    private static let emptyDates: Set<String> = ["0.0.00", "0/0/00", "00.00.0000"]

    /// The items of a cell that may hold several joined with ` ::: ` (Google) or, with
    /// `alsoSplittingOn`, that separator (Outlook's categories), trimmed, the empty ones left out.
    private static func items(_ value: String, alsoSplittingOn separator: Character? = nil) -> [String] {
        value.split(separator: " ::: ").flatMap { part in
            separator.map { part.split(separator: $0).map(\.trimmingWhitespace) } ?? [part.trimmingWhitespace]
        }.filter { !$0.isEmpty }
    }
}

extension [String] {
    /// Appends `items`: taken as they are, without a copy, when there is nothing yet.
    fileprivate mutating func append(taking items: [String]) {
        if isEmpty { self = items } else { self += items }
    }

    /// The strings, each once, where it first is: the array itself when none repeats, as in
    /// nearly every contact.
    fileprivate var eachOnce: [String] {
        guard indices.contains(where: { self[..<$0].contains(self[$0]) }) else { return self }
        var kept: [String] = []
        for item in self where !kept.contains(item) { kept.append(item) }
        return kept
    }

    /// Appends the text of `utf8`, trimmed, unless that leaves nothing.
    fileprivate mutating func appendTrimmed(_ utf8: UnsafeBufferPointer<UInt8>) {
        let trimmed = Whitespace.trimmed(utf8)
        if !trimmed.isEmpty { append(String(decoding: UnsafeBufferPointer(rebasing: utf8[trimmed]), as: UTF8.self)) }
    }
}
