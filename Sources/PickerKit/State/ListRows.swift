/// The list positions of the friends the list area shows, top to bottom: the friends picked
/// most ("Recent"), then those the search shows, in list order; or, while the selection is
/// reviewed, the reviewed friends in the order they were picked.
struct ListRows: RandomAccessCollection {
    /// The friends listed under "Recent", above the search's.
    let recent: [Int]
    /// The friends the search shows.
    let shown: Positions
    /// The reviewed friends' positions, in the order picked; nil when not reviewing.
    let reviewed: [Int]?

    /// How many friends are listed under "Recent" (none while reviewing).
    var recentCount: Int { reviewed == nil ? recent.count : 0 }

    var startIndex: Int { 0 }
    var endIndex: Int { reviewed?.count ?? recent.count + shown.count }

    subscript(index: Int) -> Int {
        if let reviewed { return reviewed[index] }
        return index < recent.count ? recent[index] : shown[index - recent.count]
    }

    /// The index of the friend at list position `position` among the search's friends (or the
    /// reviewed ones), if it is there.
    /// - Complexity: O(log n) for the search's friends; O(n) for the reviewed ones, as few as
    ///   were picked.
    func index(of position: Int) -> Int? {
        guard let reviewed else { return shown.index(of: position).map { $0 + recent.count } }
        return reviewed.firstIndex(of: position)
    }
}

extension PickerState {
    /// The friends the list area shows, top to bottom.
    var rows: ListRows { ListRows(recent: recent, shown: shown, reviewed: review?.positions) }
}
