import PickerSources
import PickerStore

extension PickerState {
    /// Selects or deselects the friend under the cursor, within the limit: with a limit of 1 a
    /// pick replaces the previous one; at a higher limit one pick too many is refused, as is a
    /// friend with nothing to print (see ``isPickable(_:)``).
    mutating func toggleCurrent() {
        guard let friend = currentFriend else { return }
        guard !isPickable(friend) || splitSelectedGroup() else { return }
        if selection.contains(friend.id) {
            selection.remove(friend.id)
        } else if !isPickable(friend) {
            notice = unpickableNotice(friend)
        } else if configuration.limit == 1 {
            selection = SelectionSet([friend.id])
        } else if let limit = configuration.limit, selection.count >= limit {
            notice = limitNotice(limit)
        } else {
            selection.insert(friend.id)
        }
    }

    /// Selects every friend shown that can be picked, top to bottom, up to the limit; when every
    /// one of them is selected already, deselects them all (hidden friends stay as they are),
    /// as gum's Ctrl-A.
    /// - Complexity: O(n) for n friends shown.
    mutating func toggleAllShown() {
        guard splitSelectedGroup() else { return }
        let rows = rows.filter { isPickable(list.friends[$0]) }
        if rows.allSatisfy({ selection.contains(list.friends[$0].id) }) {
            deselectAllShown()
        } else {
            selectAllShown()
        }
    }

    /// Deselects every friend shown (`--bind KEY:deselect-all`).
    mutating func deselectAllShown() {
        guard splitSelectedGroup() else { return }
        for position in rows { selection.remove(list.friends[position].id) }
    }

    /// Selects every friend shown that can be picked, within the limit (`--bind
    /// KEY:select-all`).
    mutating func selectAllShown() {
        guard splitSelectedGroup() else { return }
        for position in rows where isPickable(list.friends[position]) {
            let id = list.friends[position].id
            guard !selection.contains(id) else { continue }
            if let limit = configuration.limit, selection.count >= limit {
                notice = limitNotice(limit)
                return
            }
            selection.insert(id)
        }
    }

    /// Selects the friends of the pending selection that have arrived, in the order given,
    /// within the limit.
    mutating func applyPendingSelection() {
        guard !pendingSelection.isEmpty else { return }
        var stillPending: [String] = []
        for given in pendingSelection {
            // A contact made one with a friend of an earlier source is selected as that friend.
            let id = list.keptID(given)
            guard list.position(ofID: id) != nil else {
                stillPending.append(given)
                continue
            }
            if configuration.limit == 1 {
                refusedSelection += selection.orderedIDs.filter { $0 != id }
                selection = SelectionSet([id])
            } else if configuration.limit.map({ selection.count < $0 }) ?? true {
                selection.insert(id)
            } else {
                refusedSelection.append(id)
            }
        }
        pendingSelection = stillPending
        if let limit = configuration.limit, let first = refusedSelection.first, notice == nil {
            notice =
                "--select: " + Self.several(refusedSelection, "'\(TerminalText.sanitized(first))'")
                + " left out, over --limit \(limit)"
        }
    }

    /// Says on the bottom line which ids given to select no friend has, once everyone has
    /// arrived (standard error says it again when the picker closes).
    mutating func noteUnknownSelection() {
        guard let first = pendingSelection.first, notice == nil else { return }
        notice =
            "--select: no friend has the id " + Self.several(pendingSelection, "'\(TerminalText.sanitized(first))'")
    }

    /// `first`, then how many more of `ids` there are.
    private static func several(_ ids: [String], _ first: String) -> String {
        ids.count > 1 ? "\(first) (and \(ids.count - 1) more)" : first
    }

    func limitNotice(_ limit: Int) -> String {
        "at most \(limit) friend\(limit == 1 ? "" : "s") can be selected"
    }
}
