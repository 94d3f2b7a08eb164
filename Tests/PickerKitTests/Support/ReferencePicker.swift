import PickerTestSupport

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The reference model of ``PickerState``: what the picker should do, written as plainly as
/// possible: friends kept by id, the cursor as the friend it is on, the selection as an array
/// in picking order, the query as characters with a cursor among them, the review as the ids
/// it shows and what it goes back to.
struct ReferencePicker {
    var phase = Phase.loading
    var names: [String: String] = [:]
    var query = ""
    /// How many characters of the query come before its cursor.
    var queryCursor = 0
    var cursorID: String?
    var selection: [String] = []
    var rows: Int
    /// The most friends that can be selected.
    var limit: Int?
    /// Whether the last key was an Esc that asked before throwing the selection away.
    var askingToDiscard = false
    /// While reviewing: the ids shown, in the order picked, and the list to go back to.
    var review: (ids: [String], returnPhase: Phase, cursorID: String?)?
    /// Where the key overlay goes back to.
    var overlayReturn = Phase.browsing

    /// The ids the search shows, best first (`listOrder` is the picker's sorted list).
    func shownIDs(listOrder: [Friend]) -> [String] {
        ReferenceSearch.shown(listOrder, query: query).map { listOrder[$0].id }
    }

    /// The ids on the list's rows: the reviewed ones while reviewing, else those shown.
    func rowIDs(listOrder: [Friend]) -> [String] {
        review?.ids ?? shownIDs(listOrder: listOrder)
    }

    /// The rows a page moves by: the list's height, at least 1.
    var pageRows: Int {
        let firstListRow = rows >= 3 ? 2 : (rows >= 1 ? 1 : 0)
        return max(1, rows - firstListRow - (rows >= 4 ? 1 : 0))
    }

    /// Applies `event`; `listOrder` is the picker's list after it, `previousOrder` before it.
    mutating func send(_ event: PickerEvent, listOrder: [Friend], previousOrder: [Friend] = []) {
        guard phase != .done && phase != .cancelled else { return }
        if event.isUserAction && event != .clearOrCancel { askingToDiscard = false }
        let rowIDs = rowIDs(listOrder: listOrder)
        let index = cursorID.flatMap { rowIDs.firstIndex(of: $0) }
        func move(to target: Int) {
            guard !rowIDs.isEmpty else { return }
            cursorID = rowIDs[min(max(target, 0), rowIDs.count - 1)]
        }
        func toggle() {
            guard let id = cursorID else { return }
            if let at = selection.firstIndex(of: id) {
                selection.remove(at: at)
            } else if limit == 1 {
                selection = [id]
            } else if limit.map({ selection.count < $0 }) ?? true {
                selection.append(id)
            }
        }
        // On the key overlay the moves scroll it, and the cursor stays.
        let onOverlay = phase == .showingKeys
        // From the search, a move goes into the list, the search kept.
        if [.moveUp, .moveDown, .pageUp, .pageDown].contains(event), phase == .searching { phase = .browsing }
        switch event {
        case .moveUp: if let index, !onOverlay { move(to: index - 1) }
        case .moveDown: if let index, !onOverlay { move(to: index + 1) }
        case .pageUp: if let index, !onOverlay { move(to: index - pageRows) }
        case .pageDown: if let index, !onOverlay { move(to: index + pageRows) }
        case .moveToFirst: if !onOverlay { move(to: 0) }
        case .moveToLast: if !onOverlay { move(to: rowIDs.count - 1) }
        case .toggleCurrent: toggle()
        case .toggleAndMoveDown:
            toggle()
            if let index { move(to: index + 1) }
        case .toggleAndMoveUp:
            toggle()
            if let index { move(to: index - 1) }
        case .toggleAllShown:
            if rowIDs.allSatisfy(selection.contains) {
                selection.removeAll { rowIDs.contains($0) }
            } else {
                for id in rowIDs where !selection.contains(id) {
                    if let limit, selection.count >= limit { break }
                    selection.append(id)
                }
            }
        case .startSearch: openSearch(listOrder)
        case .typed(let text):
            if phase != .searching { openSearch(listOrder) }
            guard phase == .searching else { break }
            let characters = Array(query)
            let at = min(queryCursor, characters.count)
            edit(String(characters[..<at]) + text, String(characters[at...]), listOrder)
        case .deleteBackward, .deleteForward, .deleteWord, .deleteToStart, .queryCursorLeft, .queryCursorRight,
            .queryCursorToStart, .queryCursorToEnd, .queryCursorWordLeft, .queryCursorWordRight, .deleteWordForward,
            .deleteWordBackward:
            // A search kept in the list opens again to be edited.
            if phase == .browsing || phase == .loading, !query.isEmpty { openSearch(listOrder) }
            guard phase == .searching else { break }
            editQuery(event, listOrder)
        case .pasted(let text):
            send(.typed(PickerState.pastedText(text)), listOrder: listOrder, previousOrder: previousOrder)
        case .finishSearch: if phase == .searching { phase = .browsing }
        case .cancelSearch:
            guard phase == .searching else { break }
            clearSearch(listOrder)
            phase = .browsing
        case .clearOrCancel:
            guard phase == .browsing || phase == .loading else { break }
            if !query.isEmpty {
                clearSearch(listOrder)
            } else if !selection.isEmpty && !askingToDiscard {
                askingToDiscard = true
            } else {
                phase = .cancelled
            }
        case .toggleReview:
            if phase == .reviewing {
                endReview(listOrder)
            } else if phase == .browsing || phase == .searching, !selection.isEmpty {
                review = (selection, phase, cursorID)
                phase = .reviewing
                cursorID = selection.first
            }
        case .done, .doneByKey: phase = .done
        // The model has no --history and no --bind: these are not sent to it.
        case .recallPreviousQuery, .recallNextQuery, .selectAllShown, .deselectAllShown: break
        // The pane changes what is drawn, and a choice only what a mail format prints.
        case .toggleDetails, .choose: break
        case .cancel: phase = .cancelled
        case .friendsArrived(let batch, _):
            for friend in batch.friends where names[friend.id] == nil { names[friend.id] = friend.name }
            let nowRows = self.rowIDs(listOrder: listOrder)
            if cursorID.map({ !nowRows.contains($0) }) ?? true { cursorID = nowRows.first }
            if phase == .loading { phase = .browsing }
        case .listReplaced(let list, _, _):
            let previousIndex = cursorID.flatMap { self.rowIDs(listOrder: previousOrder).firstIndex(of: $0) }
            names = [:]
            for friend in list.friends where names[friend.id] == nil { names[friend.id] = friend.name }
            selection.removeAll { names[$0] == nil }
            review?.ids.removeAll { names[$0] == nil }
            let nowRows = self.rowIDs(listOrder: listOrder)
            if cursorID.map({ !nowRows.contains($0) }) ?? true {
                cursorID = nowRows.isEmpty ? nil : nowRows[min(previousIndex ?? 0, nowRows.count - 1)]
            }
            if phase == .loading { phase = .browsing }
        case .cachedCopyShown: break
        case .resized(let newRows, _): rows = newRows
        case .scroll(let rows): if let index { move(to: index + rows) }
        case .showKeys:
            guard [.browsing, .searching, .reviewing].contains(phase) else { break }
            overlayReturn = phase
            phase = .showingKeys
        case .beginSectionJump:
            // Only where the list shows its sections: sorted, unranked, enough friends.
            let ranked = !ReferenceSearch.terms(query).allSatisfy(\.excluded)
            if phase == .browsing, review == nil, !ranked, shownIDs(listOrder: listOrder).count >= 6 {
                phase = .choosingSection
            }
        case .back:
            switch phase {
            case .showingKeys: phase = overlayReturn
            case .choosingSection: phase = .browsing
            case .reviewing: endReview(listOrder)
            default: break
            }
        case .picksFound: fatalError("the generator makes no \(event); RecentSectionTests cover it")
        case .reviewGroup: fatalError("the generator makes no \(event); GroupReviewTests cover it")
        case .previousSection, .nextSection, .jumpToSection, .click, .doubleClick:
            fatalError("the generator makes no \(event); NavigationTests cover it")
        case .loadingFinished, .loadingFailed: if phase == .loading { phase = .browsing }
        case .tick: break
        }
    }

    /// `/`, or a character typed outside the search: the search opens, its cursor at the end.
    private mutating func openSearch(_ listOrder: [Friend]) {
        switch phase {
        case .browsing, .loading: break
        case .reviewing: endReview(listOrder)
        default: return
        }
        phase = .searching
        queryCursor = query.count
    }

    private mutating func editQuery(_ event: PickerEvent, _ listOrder: [Friend]) {
        let characters = Array(query)
        let at = min(queryCursor, characters.count)
        let before = String(characters[..<at])
        let after = String(characters[at...])
        switch event {
        case .queryCursorLeft: queryCursor = max(0, at - 1)
        case .queryCursorRight: queryCursor = min(characters.count, at + 1)
        case .queryCursorToStart: queryCursor = 0
        case .queryCursorToEnd: queryCursor = characters.count
        case .deleteBackward: edit(String(before.dropLast()), after, listOrder)
        case .deleteForward: edit(before, String(after.dropFirst()), listOrder)
        case .deleteWord: edit(PickerState.deletingLastWord(before), after, listOrder)
        case .deleteToStart: edit("", after, listOrder)
        case .queryCursorWordLeft: queryCursor = PickerState.wordStart(before: at, in: characters)
        case .queryCursorWordRight: queryCursor = PickerState.wordEnd(after: at, in: characters)
        case .deleteWordForward:
            edit(before, String(characters[PickerState.wordEnd(after: at, in: characters)...]), listOrder)
        case .deleteWordBackward:
            edit(String(characters[..<PickerState.wordStart(before: at, in: characters)]), after, listOrder)
        default: break
        }
    }

    /// The query becomes `before` then `after`, its cursor between; the cursor goes to the
    /// first friend shown when the text changed.
    private mutating func edit(_ before: String, _ after: String, _ listOrder: [Friend]) {
        if before + after != query {
            query = before + after
            cursorID = shownIDs(listOrder: listOrder).first
        }
        queryCursor = before.count
    }

    /// Empties the query; the cursor stays on its friend (everyone is shown).
    private mutating func clearSearch(_ listOrder: [Friend]) {
        let kept = cursorID
        query = ""
        queryCursor = 0
        cursorID = kept ?? shownIDs(listOrder: listOrder).first
    }

    private mutating func endReview(_ listOrder: [Friend]) {
        guard let review else { return }
        self.review = nil
        phase = review.returnPhase
        let shown = shownIDs(listOrder: listOrder)
        cursorID = review.cursorID.flatMap { shown.contains($0) ? $0 : nil } ?? shown.first
    }

    /// What Enter prints, as ids.
    var result: [String] {
        selection.isEmpty ? cursorID.map { [$0] } ?? [] : selection
    }
}
