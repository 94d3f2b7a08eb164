/// The list positions of the friends the list area shows, top to bottom: those the search
/// shows, in list order, or, while the selection is reviewed, the reviewed friends in the order
/// they were picked.
struct ListRows: RandomAccessCollection {
    /// The friends the search shows.
    let shown: Positions
    /// The reviewed friends' positions, in the order picked; nil when not reviewing.
    let reviewed: [Int]?

    var startIndex: Int { 0 }
    var endIndex: Int { reviewed?.count ?? shown.count }

    subscript(index: Int) -> Int {
        guard let reviewed else { return shown[index] }
        return reviewed[index]
    }

    /// The index of the friend at list position `position`, if it is here.
    /// - Complexity: O(log n) for the search's friends; O(n) for the reviewed ones, as few as
    ///   were picked.
    func index(of position: Int) -> Int? {
        guard let reviewed else { return shown.index(of: position) }
        return reviewed.firstIndex(of: position)
    }
}

extension PickerState {
    /// The friends the list area shows, top to bottom.
    var rows: ListRows { ListRows(shown: shown, reviewed: review?.positions) }
}
