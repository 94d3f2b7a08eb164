import PickerSources
import PickerStore

/// The list positions of the friends the list area shows, top to bottom: the friends picked
/// most ("Recent"), then those the search shows, best first when it ranked them, else in list
/// order; or, while the selection is reviewed, the reviewed friends in the order they were
/// picked.
struct ListRows: RandomAccessCollection {
    /// The friends listed under "Recent", above the search's.
    let recent: [Int]
    /// The friends the search shows, in list order.
    let shown: Positions
    /// The same friends best first, when the search ranked them.
    let ranked: [UInt32]?
    /// The reviewed friends' positions, in the order picked; nil when not reviewing.
    let reviewed: [Int]?

    /// How many friends are listed under "Recent" (none while reviewing).
    var recentCount: Int { reviewed == nil ? recent.count : 0 }

    var startIndex: Int { 0 }
    var endIndex: Int { reviewed?.count ?? recent.count + shown.count }

    subscript(index: Int) -> Int {
        if let reviewed { return reviewed[index] }
        guard index >= recent.count else { return recent[index] }
        if let ranked { return Int(ranked[index - recent.count]) }
        return shown[index - recent.count]
    }

    /// Whether the search's friends are in list order, so that sections can head them.
    var isInListOrder: Bool { reviewed == nil && ranked == nil }

    /// The index of the friend at list position `position` among the search's friends (or the
    /// reviewed ones), if it is there.
    /// - Complexity: O(log n) for the search's friends in list order; O(n) when ranked, and
    ///   for the reviewed ones, as few as were picked.
    func index(of position: Int) -> Int? {
        if let reviewed { return reviewed.firstIndex(of: position) }
        if let ranked {
            guard shown.index(of: position) != nil else { return nil }
            return ranked.firstIndex(of: UInt32(truncatingIfNeeded: position)).map { $0 + recent.count }
        }
        return shown.index(of: position).map { $0 + recent.count }
    }
}

extension PickerState {
    /// The friends the list area shows, top to bottom.
    var rows: ListRows { ListRows(recent: recent, shown: shown, ranked: ranked, reviewed: review?.positions) }
}
