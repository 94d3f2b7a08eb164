import PickerSources
import PickerStore

extension PickerState {
    /// What the title says after its words while the list is a cached copy: its age, and, while
    /// the source is read again, the spinner and `refreshing`; nil when the list is the source's.
    var cachedCopyIndicator: String? {
        guard let cachedCopyAge else { return nil }
        let age = "cached \(Self.agePhrase(cachedCopyAge))"
        guard refreshesCachedCopy, case .inProgress = loading else { return " · " + age }
        return " \(Self.spinnerFrames[spinnerStep % Self.spinnerFrames.count]) \(age) · refreshing"
    }

    /// What the lasting warning says when the source failed behind a cached copy.
    var offlineWarning: String? {
        cachedCopyAge.map { "offline: list from \(Self.agePhrase($0))" }
    }

    /// How long ago something was, `seconds` ago: "a moment ago", "12 min ago", "3 h ago",
    /// "5 days ago".
    static func agePhrase(_ seconds: Int64) -> String {
        switch seconds {
        case ..<60: return "a moment ago"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<(48 * 3600): return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86_400) days ago"
        }
    }
}
