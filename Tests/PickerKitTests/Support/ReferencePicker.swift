@testable import PickerKit

/// The reference model of ``PickerState``: what the picker should do, written as plainly as
/// possible: friends kept by id, the cursor as the friend it is on, the selection as an array
/// in picking order.
struct ReferencePicker {
    var phase = Phase.loading
    var names: [String: String] = [:]
    var query = ""
    var cursorID: String?
    var selection: [String] = []
    var rows: Int
    /// The most friends that can be selected.
    var limit: Int?

    /// The ids shown, in the order of `listOrder` (the picker's sorted list).
    func shownIDs(listOrder: [Friend]) -> [String] {
        listOrder.filter { ReferenceSearch.includes($0, query: query) }.map(\.id)
    }

    /// The rows a page moves by: the list's height, at least 1.
    var pageRows: Int {
        let firstListRow = rows >= 3 ? 2 : (rows >= 1 ? 1 : 0)
        return max(1, rows - firstListRow - (rows >= 4 ? 1 : 0))
    }

    /// Applies `event`; `listOrder` is the picker's list after it, `previousOrder` before it.
    mutating func send(_ event: PickerEvent, listOrder: [Friend], previousOrder: [Friend] = []) {
        guard phase != .done && phase != .cancelled else { return }
        let shown = shownIDs(listOrder: listOrder)
        let index = cursorID.flatMap { shown.firstIndex(of: $0) }
        func move(to target: Int) {
            guard !shown.isEmpty else { return }
            cursorID = shown[min(max(target, 0), shown.count - 1)]
        }
        func setQuery(_ text: String) {
            query = text
            cursorID = shownIDs(listOrder: listOrder).first
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
        switch event {
        case .moveUp: if let index { move(to: index - 1) }
        case .moveDown: if let index { move(to: index + 1) }
        case .pageUp: if let index { move(to: index - pageRows) }
        case .pageDown: if let index { move(to: index + pageRows) }
        case .moveToFirst: move(to: 0)
        case .moveToLast: move(to: shown.count - 1)
        case .toggleCurrent: toggle()
        case .toggleAndMoveDown:
            toggle()
            if let index { move(to: index + 1) }
        case .startSearch: phase = .searching
        case .typed(let text): setQuery(query + text)
        case .deleteBackward: setQuery(String(query.dropLast()))
        case .deleteWord: setQuery(PickerState.deletingLastWord(query))
        case .clearQuery: setQuery("")
        case .finishSearch: phase = .browsing
        case .cancelSearch:
            let kept = cursorID
            setQuery("")
            if let kept { cursorID = kept }
            phase = .browsing
        case .done: phase = .done
        case .cancel: phase = .cancelled
        case .friendsArrived(let batch, _):
            for friend in batch.friends where names[friend.id] == nil { names[friend.id] = friend.name }
            let nowShown = shownIDs(listOrder: listOrder)
            if cursorID.map({ !nowShown.contains($0) }) ?? true { cursorID = nowShown.first }
            if phase == .loading { phase = .browsing }
        case .listReplaced(let list, _, _):
            let previousIndex = cursorID.flatMap { shownIDs(listOrder: previousOrder).firstIndex(of: $0) }
            names = [:]
            for friend in list.friends where names[friend.id] == nil { names[friend.id] = friend.name }
            selection.removeAll { names[$0] == nil }
            let nowShown = shownIDs(listOrder: listOrder)
            if cursorID.map({ !nowShown.contains($0) }) ?? true {
                cursorID = nowShown.isEmpty ? nil : nowShown[min(previousIndex ?? 0, nowShown.count - 1)]
            }
            if phase == .loading { phase = .browsing }
        case .cachedCopyShown: break
        case .resized(let newRows, _): rows = newRows
        case .selectAllShown:
            for id in shown where !selection.contains(id) {
                if let limit, selection.count >= limit { break }
                selection.append(id)
            }
        case .deselectAllShown: selection.removeAll { shown.contains($0) }
        case .clearSelection: selection = []
        case .scroll(let rows): if let index { move(to: index + rows) }
        case .showKeys: phase = .showingKeys
        case .beginSectionJump: phase = .choosingSection
        case .back: phase = .browsing
        case .previousSection, .nextSection, .jumpToSection, .click, .doubleClick:
            fatalError("the generator makes no \(event); NavigationTests cover it")
        case .loadingFinished, .loadingFailed: if phase == .loading { phase = .browsing }
        case .tick: break
        }
    }

    /// What Enter prints, as ids.
    var result: [String] {
        selection.isEmpty ? cursorID.map { [$0] } ?? [] : selection
    }
}
