import Glibc
import PickerSources
import PickerStore

/// Tells a double click from two clicks: a second press of the left button on the same line
/// within 400 ms.
struct ClickCounter {
    private var lastPress: (line: Int, time: timespec)?

    /// `key`, with its click count set when it is a left-button press.
    mutating func count(_ key: Key) -> Key {
        guard case .mouse(var report) = key, report.button == .left, report.isPress else { return key }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        if let last = lastPress, last.line == report.line,
            Double(now.tv_sec - last.time.tv_sec) + Double(now.tv_nsec - last.time.tv_nsec) / 1e9 < 0.4
        {
            report.clickCount = 2
            lastPress = nil
        } else {
            lastPress = (report.line, now)
        }
        return .mouse(report)
    }
}
