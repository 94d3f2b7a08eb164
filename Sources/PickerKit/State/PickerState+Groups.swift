import PickerSources
import PickerStore

/// Groups: listed apart under "Groups" while there is no query, and their members reviewed one
/// by one, as a selection is, to pick some of a group.
extension PickerState {
    /// Lists under "Groups" the groups of the list, in list order: with no query, when sections
    /// are shown (as "Recent" is); the letters below then leave them out. A query finds groups
    /// by their names among everyone else.
    /// - Complexity: O(1) for a list without groups; else O(e + g log n) for e friends with
    ///   details and g groups.
    mutating func findGroups() {
        listedGroups = []
        guard list.inputOrder == nil, ranked == nil, query.isEmpty, shown.count >= ListLayout.minimumShownForHeaders
        else { return }
        listedGroups = list.groupPositions().compactMap { shown.index(of: $0) }
    }

    /// Adds the groups the friends' categories make, once everyone has arrived (see
    /// ``FriendList/categoryGroups()``). A cursor on the first row stays there, on the first of
    /// the groups when they head the list; elsewhere it keeps its friend.
    mutating func receiveCategoryGroups() {
        let groups = list.categoryGroups()
        guard !groups.isEmpty else { return }
        let atTop = cursor == 0 && scrollTop == 0
        receive(FriendBatch(groups, sortOrder: configuration.sortOrder), announcedTotal: nil)
        if atTop, !rows.isEmpty {
            cursor = 0
            scrollTop = 0
        }
    }

    /// Shows only the members of the group under the cursor, in the group's order, to tick or
    /// untick them as the selection is reviewed; under any other friend, says there is none.
    mutating func beginGroupReview() {
        guard let group = currentFriend, group.members != nil else {
            notice = "no group under the cursor"
            return
        }
        let members = list.members(of: group).filter { $0.id != group.id }
        review = Review(
            ids: members.map(\.id), positions: members.compactMap { list.position(ofID: $0.id) }, returnPhase: phase,
            cursorID: group.id, scrollTop: scrollTop, group: group.id)
        phase = .reviewing
        cursor = members.isEmpty ? nil : 0
        scrollTop = 0
    }

    /// The group whose members are reviewed, when it is selected whole.
    private var selectedReviewedGroup: String? {
        guard let group = review?.group, selection.contains(group) else { return nil }
        return group
    }

    /// Whether `friend`'s row shows it ticked: it is selected, or it is a member reviewed of a
    /// group selected whole (and its pick can print something).
    func isTicked(_ friend: Friend) -> Bool {
        selection.contains(friend.id) || (selectedReviewedGroup != nil && isPickable(friend))
    }

    /// Whether `friend` is a group not selected whole some of whose members are selected: its
    /// row shows `[-]`.
    /// - Complexity: O(m log n) for m members; O(1) for a friend who is no group.
    func isPartlySelected(_ friend: Friend) -> Bool {
        guard friend.members != nil, !selection.isEmpty, !selection.contains(friend.id) else { return false }
        return list.members(of: friend).contains { selection.contains($0.id) }
    }

    /// Before a tick changes among the members of a group selected whole: the group deselected,
    /// and those of its members that can be picked selected one by one in its stead (after the
    /// friends selected before), so that unticking one leaves the others. Refused, with the
    /// reason on the bottom line, when that would go over the limit (with a limit of 1, a tick
    /// replaces the group anyway).
    /// - Returns: whether the ticks may change.
    mutating func splitSelectedGroup() -> Bool {
        guard let group = selectedReviewedGroup, configuration.limit != 1, let position = list.position(ofID: group)
        else { return true }
        let members = list.members(of: list.friends[position]).filter { isPickable($0) && !selection.contains($0.id) }
        if let limit = configuration.limit, selection.count - 1 + members.count > limit {
            notice = limitNotice(limit)
            return false
        }
        selection.remove(group)
        for member in members { selection.insert(member.id) }
        return true
    }
}
