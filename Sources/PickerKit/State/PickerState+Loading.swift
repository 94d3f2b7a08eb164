import PickerSources
import PickerStore

extension PickerState {
    /// Adds friends, keeping the cursor on its friend at the same place on screen, so the list
    /// grows around what the user is looking at.
    mutating func receive(_ batch: FriendBatch, announcedTotal total: Int?) {
        keepingTheCursorsRow { state in
            state.leftOut += state.list.append(batch)
            state.notePicked(batch)
            state.showList()
        }
        if phase == .loading { phase = .browsing }
        announcedTotal = total ?? announcedTotal
        if case .inProgress(let known) = loading { loading = .inProgress(announcedTotal: total ?? known) }
    }

    /// Shows the friends of the list that pass the query, the recent ones and the groups above
    /// them, the cursor on the first, and selects those of the pending selection that are there.
    mutating func showList() {
        findFavoured()
        search()
        findRecent()
        findGroups()
        applyPendingSelection()
        refreshReview()
        cursor = rows.isEmpty ? nil : 0
    }
}

extension PickerState {
    /// How far the source has got in delivering friends.
    package enum Loading: Hashable, Sendable {
        /// More friends are coming; the source may have said how many in all.
        case inProgress(announcedTotal: Int?)
        /// Everyone has arrived.
        case complete
        /// The source failed after some friends arrived; the message says why.
        case failed(String)
    }
}
