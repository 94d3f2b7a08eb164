extension PickerState {
    /// What the row of the friend at list position `position` shows dimmed after the name: the
    /// day the friendship began, when a friend next to it in the list has the same name (the
    /// Facebook export gives nothing else to tell them apart), and the first email address.
    /// The second is left out when both do not fit in `room` columns; nil when nothing fits.
    func rowDetail(_ friend: Friend, atPosition position: Int, room: Int) -> String? {
        var parts: [String] = []
        if let since = friend.friendsSince, sharesName(friend, atPosition: position) {
            parts.append("since " + Self.day(since))
        }
        if let email = friend.emails.first { parts.append(TerminalText.sanitized(email)) }
        while !parts.isEmpty {
            let detail = parts.joined(separator: " · ")
            if DisplayWidth.of(detail) <= room { return detail }
            parts.removeLast()
        }
        return nil
    }

    /// Whether the friend before or after list position `position` has `friend`'s name.
    private func sharesName(_ friend: Friend, atPosition position: Int) -> Bool {
        [position - 1, position + 1].contains { $0 >= 0 && $0 < list.count && list.friends[$0].name == friend.name }
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
