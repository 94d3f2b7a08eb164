extension PickerState {
    /// What the row of the friend at index `row` of ``rows`` shows dimmed after the name: when a
    /// friend shown near it has the same name (see ``NearbyFriends``), what tells them apart
    /// (see ``distinction(of:from:)``), and the first email address. The second is left out
    /// when both do not fit in `room` columns; nil when nothing fits.
    func rowDetail(_ friend: Friend, atRow row: Int, nearby: NearbyFriends, room: Int) -> String? {
        var parts: [String] = []
        let namesakes = nearby.namesakes(ofRow: row)
        if !namesakes.isEmpty { parts.append(Self.distinction(of: friend, from: namesakes)) }
        if let email = friend.emails.first { parts.append(TerminalText.sanitized(email)) }
        while !parts.isEmpty {
            let detail = parts.joined(separator: " · ")
            if DisplayWidth.of(detail) <= room { return detail }
            parts.removeLast()
        }
        return nil
    }

    /// What tells `friend` apart from `namesakes`, friends shown with the same name: the day
    /// the friendship began (the Facebook export gives nothing else), or else the middle name,
    /// when no namesake has the same one; or else the end of the id, as long as it takes to
    /// differ from theirs (ids are unique).
    static func distinction(of friend: Friend, from namesakes: [Friend]) -> String {
        if let since = friend.friendsSince {
            let day = Self.day(since)
            if !namesakes.contains(where: { $0.friendsSince.map(Self.day) == day }) { return "since " + day }
        }
        let middle = friend.nameParts.middle
        if !middle.isEmpty, !namesakes.contains(where: { $0.nameParts.middle == middle }) {
            return TerminalText.sanitized(middle)
        }
        let id = Array(friend.id)
        var length = min(4, id.count)
        while length < id.count, namesakes.contains(where: { $0.id.hasSuffix(String(id.suffix(length))) }) {
            length += 1
        }
        let end = String(id.suffix(length))
        return TerminalText.sanitized(length < id.count ? "id …" + end : "id " + end)
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

/// The friends on the rows around those on screen, read from the list once a frame with their
/// names as shown: where a row looks for friends of the same name.
///
/// Friends of one name are next to each other in the list, or a few rows apart when their
/// middle names differ, so a row's namesakes are looked for in the rows around it while their
/// friends' sort key begins the same way (the first name, or the last with `--sort last`), at
/// most ``reach`` rows each way.
struct NearbyFriends {
    /// How many rows each way a row's namesakes are looked for.
    static let reach = 32

    /// The index in ``PickerState/rows`` of the first friend read.
    private let start: Int
    /// The friends read, their names as shown and the part their sort key begins with.
    private let friends: [(friend: Friend, name: String, sortPart: String)]

    /// The friends of `state`'s rows at `visible` and ``reach`` rows each side.
    /// - Complexity: O(visible rows + ``reach``), whatever the size of the list.
    init(_ state: PickerState, around visible: Range<Int>) {
        let rows = state.rows
        let range = max(0, visible.lowerBound - Self.reach)..<min(rows.count, visible.upperBound + Self.reach)
        start = range.lowerBound
        friends = range.map { index in
            let friend = state.list.friends[rows[index]]
            let parts = friend.nameParts
            return (
                friend, state.displayedName(friend).name,
                state.configuration.sortOrder == .first ? parts.first : parts.last
            )
        }
    }

    /// The friends near row `row` whose name is shown as its friend's is.
    func namesakes(ofRow row: Int) -> [Friend] {
        guard friends.indices.contains(row - start) else { return [] }
        let this = friends[row - start]
        var namesakes: [Friend] = []
        for step in [-1, 1] {
            var index = row - start + step
            while friends.indices.contains(index), abs(index + start - row) <= Self.reach,
                friends[index].sortPart == this.sortPart
            {
                if friends[index].name == this.name { namesakes.append(friends[index].friend) }
                index += step
            }
        }
        return namesakes
    }
}
