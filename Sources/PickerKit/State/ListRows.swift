import PickerSources
import PickerStore

/// The list positions of the friends the list area shows, top to bottom: the friends picked
/// most ("Recent"), the groups ("Groups"), then those the search shows, the groups listed above
/// left out, best first when it ranked them, else in list order; or, while the selection or a
/// group's members are reviewed, the reviewed friends in their order.
struct ListRows: RandomAccessCollection {
    /// The friends listed under "Recent", above the search's.
    let recent: [Int]
    /// The indices in ``shown`` of the groups listed under "Groups", below "Recent", ascending;
    /// the letters below leave them out. Empty while the search ranks what it shows.
    let groups: [Int]
    /// The friends the search shows, in list order.
    let shown: Positions
    /// The same friends best first, when the search ranked them.
    let ranked: [UInt32]?
    /// The reviewed friends' positions, in the order picked; nil when not reviewing.
    let reviewed: [Int]?

    /// How many friends are listed under "Recent" (none while reviewing).
    var recentCount: Int { reviewed == nil ? recent.count : 0 }
    /// How many groups are listed under "Groups" (none while reviewing).
    var groupCount: Int { reviewed == nil ? groups.count : 0 }

    var startIndex: Int { 0 }
    var endIndex: Int { reviewed?.count ?? recent.count + shown.count }

    subscript(index: Int) -> Int {
        if let reviewed { return reviewed[index] }
        guard index >= recent.count else { return recent[index] }
        let below = index - recent.count
        guard below >= groups.count else { return shown[groups[below]] }
        if let ranked { return Int(ranked[below]) }
        return shown[shownIndex(ofLettered: below - groups.count)]
    }

    /// The index in ``shown`` of the friend at `index` below the groups (the groups listed above
    /// skipped).
    /// - Complexity: O(log g) for g groups listed.
    private func shownIndex(ofLettered index: Int) -> Int {
        // groups[k] - k (the friends before the k-th group that are no group) never decreases.
        index + BinarySearch.firstIndex(in: groups.indices) { groups[$0] - $0 > index }
    }

    /// How many of the groups listed stand before index `shownIndex` of ``shown``.
    private func groupsBefore(_ shownIndex: Int) -> Int {
        BinarySearch.firstIndex(in: groups.indices) { groups[$0] >= shownIndex }
    }

    /// Whether the search's friends are in list order, so that sections can head them.
    var isInListOrder: Bool { reviewed == nil && ranked == nil }

    /// The sections of the letters that have friends below the groups: each letter with the
    /// index of its first friend there, counted from the first friend below the groups. A
    /// section of groups alone is left out.
    /// - Complexity: O(sections × (log n + log g)).
    func letterSections(in list: FriendList) -> [(letter: Character, shownIndex: Int)] {
        let starts = list.sectionStarts(in: shown)
        guard !groups.isEmpty else { return starts }
        return starts.indices.compactMap { offset in
            let start = starts[offset].shownIndex
            let end = offset + 1 < starts.count ? starts[offset + 1].shownIndex : shown.count
            let before = groupsBefore(start)
            guard end - start > groupsBefore(end) - before else { return nil }
            return (starts[offset].letter, start - before)
        }
    }

    /// The index of the friend at list position `position` among the listed friends below
    /// "Recent" (under "Groups" for a group listed there), or among the reviewed ones, if it
    /// is there.
    /// - Complexity: O(log n) for the search's friends in list order; O(n) when ranked, and
    ///   for the reviewed ones, as few as were picked.
    func index(of position: Int) -> Int? {
        if let reviewed { return reviewed.firstIndex(of: position) }
        if let ranked {
            guard shown.index(of: position) != nil else { return nil }
            return ranked.firstIndex(of: UInt32(truncatingIfNeeded: position)).map { $0 + recent.count }
        }
        guard let index = shown.index(of: position) else { return nil }
        let before = groupsBefore(index)
        if before < groups.count, groups[before] == index { return recent.count + before }
        return recent.count + groups.count + index - before
    }
}

extension PickerState {
    /// The friends the list area shows, top to bottom.
    var rows: ListRows {
        ListRows(recent: recent, groups: listedGroups, shown: shown, ranked: ranked, reviewed: review?.positions)
    }
}
