import PickerSources
import PickerStore

extension PickerState {
    /// Lists under "Recent" the friends of the list picked most (by ``frecency``), at most the
    /// configuration's number: with no query, when sections are shown.
    mutating func findRecent() {
        recent = []
        let limit = configuration.recentLimit
        guard limit > 0, list.inputOrder == nil, query.isEmpty, shown.count >= ListLayout.minimumShownForHeaders else {
            return
        }
        recent = Array(favoured.prefix(limit))
    }

    /// Finds the list positions of the friends picked, the highest frecency first and equals in
    /// list order (keys, hashes, say nothing of order), for ``favoured``: once each time the
    /// list changes.
    /// - Complexity: O(k log n) for k friends picked.
    mutating func findFavoured() {
        let found = rankedKeys.compactMap { key -> (time: Int64, position: Int)? in
            guard let time = frecency.times[key], let position = pickedIDs[key].flatMap(list.position(ofID:)) else {
                return nil
            }
            return (time, position)
        }
        favoured = found.sorted { $0.time != $1.time ? $0.time > $1.time : $0.position < $1.position }.map(\.position)
    }

    /// Notes the ids of the friends of `batch` that were picked (the first to arrive of each
    /// name, for friends known by name): the record keeps keys, which only the friends
    /// themselves lead to.
    /// - Complexity: O(n) keys of ids, read where they lie, when anyone was picked; friends
    ///   known by name are unpacked.
    mutating func notePicked(_ batch: FriendBatch) {
        guard !frecency.isEmpty else { return }
        guard frecency.keying == .id else { return notePicked(batch.friends) }
        for number in 0..<batch.count { batch.withID(number) { notePicked(id: $0) } }
        // A contact picked under the id it had before it was made one with an earlier friend.
        for (contactID, friendID) in batch.mergedIDs {
            var contactID = contactID
            let key = contactID.withUTF8 { frecency.key(utf8: $0) }
            if frecency.times[key] != nil, pickedIDs[key] == nil { pickedIDs[key] = friendID }
        }
    }

    /// Notes the ids of the friends of `list` that were picked, as ``notePicked(_:)-(FriendBatch)``
    /// does.
    mutating func notePicked(in list: FriendList) {
        guard !frecency.isEmpty else { return }
        guard frecency.keying == .id else { return notePicked(list.friends) }
        for number in 0..<list.packed.count { list.withID(number) { notePicked(id: $0) } }
    }

    /// Notes the friend with the id `id` (its UTF-8) when it was picked.
    private mutating func notePicked(id: UnsafeBufferPointer<UInt8>) {
        let key = frecency.key(utf8: id)
        if frecency.times[key] != nil, pickedIDs[key] == nil { pickedIDs[key] = String(decoding: id, as: UTF8.self) }
    }

    /// Notes the ids of those among `friends` whose names were picked, the first to arrive of
    /// each name.
    private mutating func notePicked(_ friends: some Sequence<Friend>) {
        for friend in friends {
            let key = frecency.key(of: friend)
            if pickedIDs[key] == nil, frecency.times[key] != nil { pickedIDs[key] = friend.id }
        }
    }

    /// Takes `found`, the picks of a source known only once read whole, as if given at the
    /// start: the friends picked most go under "Recent" and first among equal matches. A cursor
    /// on the first row stays there, on the friend picked most; elsewhere it keeps its friend.
    mutating func takePicks(_ found: Frecency) {
        let atTop = cursor == 0
        keepingTheCursorsRow { state in
            state.frecency = found
            state.rankedKeys = found.rankedKeys
            state.pickedIDs = [:]
            state.notePicked(state.list.friends)
            state.showList()
        }
        if atTop {
            cursor = 0
            scrollTop = 0
        }
    }

    /// The source's own list, read whole, in place of the one shown: the query applied again,
    /// the cursor kept on its friend and row, the selection kept by id; selected friends the
    /// new list no longer has are deselected, and the notice names them.
    mutating func replaceList(with newList: FriendList, leftOut newLeftOut: Int, announcedTotal: Int?) {
        let gone = selection.orderedIDs.filter { newList.position(ofID: $0) == nil }
        let goneNames = gone.compactMap { id in list.position(ofID: id).map { list.friends[$0].name } }
        for id in gone { selection.remove(id) }
        keepingTheCursorsRow { state in
            state.list = newList
            state.leftOut = newLeftOut
            state.pickedIDs = [:]
            state.notePicked(in: newList)
            state.showList()
        }
        self.announcedTotal = announcedTotal ?? self.announcedTotal
        cachedCopyAge = nil
        refreshesCachedCopy = false
        loading = .complete
        if phase == .loading { phase = .browsing }
        if !goneNames.isEmpty { notice = Self.goneNotice(goneNames) }
    }

    /// What the bottom line says of selected friends the refreshed list no longer has.
    static func goneNotice(_ names: [String]) -> String {
        let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        let verb = names.count == 1 ? "is" : "are"
        return "\(shown) \(verb) no longer among your friends: deselected"
    }
}
