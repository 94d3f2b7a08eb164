import PickerSources
import PickerStore

extension PickerState {
    /// The selection, or a group's members, under review: who is shown, and the list to go back
    /// to as it was.
    struct Review: Sendable {
        /// The reviewed friends' ids, in the order picked (a group's members in the group's
        /// order). Unticking one keeps it here, so that it can be ticked again.
        var ids: [String]
        /// Their positions in the list, in the same order.
        var positions: [Int]
        /// The phase the review was opened from: browsing or searching.
        let returnPhase: Phase
        /// The friend under the list's cursor, and the list's scroll position.
        let cursorID: String?
        let scrollTop: Int
        /// The id of the group whose members are reviewed; nil when the selection is.
        var group: String? = nil
    }

    /// Shows only the selected friends, in the order picked; with none selected, says so.
    mutating func beginReview() {
        guard !selection.isEmpty else {
            notice = "nobody selected yet: Space or Tab selects the friend under the cursor"
            return
        }
        let ids = selection.orderedIDs
        review = Review(
            ids: ids, positions: ids.compactMap { list.position(ofID: $0) }, returnPhase: phase,
            cursorID: currentFriend?.id, scrollTop: scrollTop)
        phase = .reviewing
        cursor = 0
        scrollTop = 0
    }

    /// Goes back from the review to the list as it was: its phase, search, cursor and scroll
    /// position.
    mutating func endReview() {
        guard let review else { return }
        self.review = nil
        phase = review.returnPhase
        cursor = rows.isEmpty ? nil : 0
        if let id = review.cursorID, let position = list.position(ofID: id) { placeCursor(onPosition: position) }
        scrollTop = review.scrollTop
    }

    /// After the list changed during a review: the reviewed friends' new positions, those the
    /// list no longer has left out, and the friends selected meanwhile (`--select` ids that
    /// arrived) added at the end.
    mutating func refreshReview() {
        guard var review else { return }
        if let group = review.group {
            // The group's members, as many as the list has now.
            guard let position = list.position(ofID: group) else { return endReview() }
            let members = list.members(of: list.friends[position]).filter { $0.id != group }
            review.ids = members.map(\.id)
            review.positions = members.compactMap { list.position(ofID: $0.id) }
            self.review = review
            return
        }
        let reviewed = Set(review.ids)
        let listed = (review.ids + selection.orderedIDs.filter { !reviewed.contains($0) }).compactMap { id in
            list.position(ofID: id).map { (id, $0) }
        }
        review.ids = listed.map(\.0)
        review.positions = listed.map(\.1)
        self.review = review
    }
}
