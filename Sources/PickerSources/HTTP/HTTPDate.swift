import PickerStore

/// Reads the dates HTTP writes (RFC 9110 section 5.6.7), as seconds since 1970: the preferred
/// `Sun, 06 Nov 1994 08:49:37 GMT`, and the obsolete `Sunday, 06-Nov-94 08:49:37 GMT` and
/// `Sun Nov  6 08:49:37 1994` that recipients must read too.
enum HTTPDate {
    /// The moment `text` names, in seconds since 1970-01-01 UTC; nil when it is not an HTTP-date.
    static func seconds(_ text: String) -> Double? {
        let words = text.split(separator: " ")
        switch words.count {
        case 6:
            // Sun, 06 Nov 1994 08:49:37 GMT
            guard words[0].hasSuffix(","), words[5] == "GMT", let day = number(words[1], digits: 2...2),
                let year = number(words[3], digits: 4...4)
            else { return nil }
            return moment(year: year, month: words[2], day: day, time: words[4])
        case 4:
            // Sunday, 06-Nov-94 08:49:37 GMT
            let date = words[1].split(separator: "-", omittingEmptySubsequences: false)
            guard words[0].hasSuffix(","), words[3] == "GMT", date.count == 3,
                let day = number(date[0], digits: 2...2), let shortYear = number(date[2], digits: 2...2)
            else { return nil }
            let year = shortYear < 70 ? 2000 + shortYear : 1900 + shortYear
            return moment(year: year, month: date[1], day: day, time: words[2])
        case 5:
            // Sun Nov  6 08:49:37 1994
            guard let day = number(words[2], digits: 1...2), let year = number(words[4], digits: 4...4) else {
                return nil
            }
            return moment(year: year, month: words[1], day: day, time: words[3])
        default:
            return nil
        }
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Seconds since 1970 of `year`-`month`-`day` at `time` (`HH:MM:SS`), UTC; nil when a part
    /// is out of range.
    private static func moment(year: Int, month name: Substring, day: Int, time: Substring) -> Double? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let month = months.firstIndex(where: { $0 == name }).map({ $0 + 1 }), clock.count == 3,
            let hour = number(clock[0], digits: 2...2), let minute = number(clock[1], digits: 2...2),
            let second = number(clock[2], digits: 2...2), (1...31).contains(day), hour < 24, minute < 60,
            second <= 60
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second)
    }

    /// `text` as a decimal number of `digits` digits, nothing else.
    private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count),
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(text)
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar (Howard
    /// Hinnant's `days_from_civil`: years counted from March, so that February ends one).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
