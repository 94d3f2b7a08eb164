/// The one table from keys to events, per phase.
public enum KeyMap {
    /// The event `key` stands for in `phase`, or nil when the key does nothing there.
    public static func event(for key: Key, in phase: Phase) -> PickerEvent? {
        guard !phase.isFinal else { return nil }
        if key == .control("c") { return .cancel }
        switch phase {
        case .showingKeys: return .back
        case .choosingSection:
            if case .character(let letter) = key, letter == "#" || letter.isASCII && letter.isLetter {
                return .jumpToSection(letter)
            }
            return .back
        default: break
        }
        if let movement = movement(key) { return movement }
        if case .mouse(let report) = key { return mouse(report) }
        switch phase {
        case .browsing: return browsing(key)
        case .searching: return searching(key)
        case .loading: return key == .escape || key == .character("q") ? .cancel : nil
        default: return nil
        }
    }

    private static func movement(_ key: Key) -> PickerEvent? {
        switch key {
        case .up, .control("p"), .control("k"): return .moveUp
        case .down, .control("n"), .control("j"): return .moveDown
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .moveToFirst
        case .end: return .moveToLast
        default: return nil
        }
    }

    /// Rows the wheel moves per notch.
    static let wheelStep = 3

    private static func mouse(_ report: MouseReport) -> PickerEvent? {
        guard report.isPress else { return nil }
        switch report.button {
        case .left:
            return report.clickCount >= 2
                ? .doubleClick(line: report.line) : .click(line: report.line, column: report.column)
        case .wheelUp: return .scroll(-wheelStep)
        case .wheelDown: return .scroll(wheelStep)
        case .middle, .right: return nil
        }
    }

    private static func browsing(_ key: Key) -> PickerEvent? {
        switch key {
        case .character("k"): return .moveUp
        case .character("j"): return .moveDown
        case .character("g"): return .moveToFirst
        case .character("G"): return .moveToLast
        case .character("["): return .previousSection
        case .character("]"): return .nextSection
        case .character("'"): return .beginSectionJump
        case .character(" "): return .toggleCurrent
        case .tab: return .toggleAndMoveDown
        case .character("a"): return .selectAllShown
        case .character("n"): return .deselectAllShown
        case .character("c"): return .clearSelection
        case .character("/"): return .startSearch
        case .character("?"): return .showKeys
        case .enter: return .done
        case .escape, .character("q"): return .cancel
        default: return nil
        }
    }

    private static func searching(_ key: Key) -> PickerEvent? {
        switch key {
        case .character(let character): return .typed(String(character))
        case .backspace: return .deleteBackward
        case .control("u"): return .clearQuery
        case .control("w"): return .deleteWord
        case .tab: return .toggleCurrent
        case .enter: return .finishSearch
        case .escape: return .cancelSearch
        default: return nil
        }
    }
}
