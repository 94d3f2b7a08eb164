import PickerSources
import PickerStore

extension PickerState {
    /// What the row of the friend at index `row` of ``rows`` shows dimmed after the name: when a
    /// friend shown near it has the same name, what tells them apart (see
    /// ``NearbyFriends/distinction(ofRow:)``), and the first email address; when picks print
    /// one address or number (``PickerConfiguration/printedPart``), the one a pick prints, or
    /// that there is none. The second is left out when both do not fit in `room` columns; nil
    /// when nothing fits.
    func rowDetail(_ friend: Friend, atRow row: Int, nearby: NearbyFriends, room: Int) -> String? {
        var parts: [String] = []
        if let distinction = nearby.distinction(ofRow: row) { parts.append(distinction) }
        let part = configuration.printedPart
        if friend.members != nil {
            let count = list.members(of: friend).count
            parts.append("group of \(count) \(count == 1 ? "friend" : "friends")")
        } else if part != .contact {
            parts.append(chosenValue(of: friend).map { TerminalText.sanitized($0) } ?? "no \(part.noun)")
        } else if let email = friend.emails.first {
            parts.append(TerminalText.sanitized(email))
        }
        while !parts.isEmpty {
            let detail = parts.joined(separator: " · ")
            if DisplayWidth.of(detail) <= room { return detail }
            parts.removeLast()
        }
        return nil
    }

    /// `seconds` since 1970 as the day it falls on in UTC, `2019-03-12`.
    static func day(_ seconds: Int64) -> String {
        // Howard Hinnant's days-to-civil algorithm, in eras of 400 years.
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value.magnitude)
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}

/// The friends on the rows around those on screen, read from the list once a frame: where a
/// row looks for friends shown with the same name, and what tells them apart.
///
/// A row's namesakes are the other friends read with the name it shows: those on screen and
/// ``reach`` rows each way beyond, wherever they stand among them. In the sorted list they are
/// next to each other, or a few rows apart when their middle names differ; in the review (the
/// order picked), under "Recent" (the same friend may also stand under its letter, and is no
/// namesake of itself) and in ranked results they may be anywhere on screen. Texts are compared
/// by numbers given to their UTF-8 once: comparing strings would compare their canonical forms,
/// slowly, row after row.
struct NearbyFriends {
    /// How many rows each way beyond those on screen namesakes are looked for.
    static let reach = 32

    /// What is compared of one friend read.
    private struct Read {
        /// The numbers of the name as shown, of the middle name (nil when there is none) and of
        /// the day the friendship began (nil when the source does not say).
        var name: Int
        var middle: Int?
        var day: Int?
        var middleText: String
        var dayText: String?
        var id: [UInt8]
    }

    /// The index in ``PickerState/rows`` of the first friend read.
    private let start: Int
    private let friends: [Read]
    /// For each name's number shown on more than one row read, the indices in ``friends`` of
    /// those rows.
    private let rowsByName: [Int: [Int]]

    /// The friends of `state`'s rows at `visible` and ``reach`` rows each side.
    /// - Complexity: O(visible rows + ``reach``), whatever the size of the list.
    init(_ state: PickerState, around visible: Range<Int>) {
        let rows = state.rows
        let range = max(0, visible.lowerBound - Self.reach)..<min(rows.count, visible.upperBound + Self.reach)
        start = range.lowerBound
        var numbers: [[UInt8]: Int] = [:]
        func number(_ text: String) -> Int {
            let bytes = Array(text.utf8)
            if let known = numbers[bytes] { return known }
            numbers[bytes] = numbers.count
            return numbers.count - 1
        }
        let friends = range.map { index in
            let friend = state.list.friends[rows[index]]
            let parts = friend.nameParts
            let day = friend.friendsSince.map(PickerState.day)
            return Read(
                name: number(state.shownName(friend, parts: parts)),
                middle: parts.middle.isEmpty ? nil : number(parts.middle), day: day.map(number),
                middleText: parts.middle, dayText: day, id: Array(friend.id.utf8))
        }
        self.friends = friends
        rowsByName = Dictionary(grouping: friends.indices) { friends[$0].name }.filter { $0.value.count > 1 }
    }

    /// The indices in ``friends`` of the other friends read whose name is shown as the name of
    /// row `row`'s friend.
    /// - Complexity: O(rows read with that name).
    private func namesakes(ofRow row: Int) -> [Int] {
        let at = row - start
        guard friends.indices.contains(at), let sameName = rowsByName[friends[at].name] else { return [] }
        // The same friend listed twice (under "Recent" and its letter) is no namesake.
        return sameName.filter { friends[$0].id != friends[at].id }
    }

    /// What tells the friend of row `row` apart from the friends near it shown with the same
    /// name, if any: the day the friendship began (the Facebook export gives nothing else), or
    /// else the middle name, when no namesake has the same one; or else the end of the id, as
    /// long as it takes to differ from theirs (ids are unique).
    func distinction(ofRow row: Int) -> String? {
        let namesakes = namesakes(ofRow: row).map { friends[$0] }
        guard !namesakes.isEmpty else { return nil }
        let friend = friends[row - start]
        if let day = friend.day, let text = friend.dayText, !namesakes.contains(where: { $0.day == day }) {
            return "since " + text
        }
        if let middle = friend.middle, !namesakes.contains(where: { $0.middle == middle }) {
            return TerminalText.sanitized(friend.middleText)
        }
        let id = friend.id
        var length = min(4, id.count)
        while length < id.count,
            namesakes.contains(where: { $0.id.count >= length && $0.id.suffix(length).elementsEqual(id.suffix(length)) }
            )
                || id[id.count - length] & 0xC0 == 0x80
        {
            length += 1
        }
        let end = String(decoding: id.suffix(length), as: UTF8.self)
        return TerminalText.sanitized(length < id.count ? "id …" + end : "id " + end)
    }
}
