import XCTest

@testable import PickerKit

final class KeyMapTests: XCTestCase {
    func testBrowsingKeysAreCommands() {
        let expected: [(Key, PickerEvent)] = [
            (.up, .moveUp), (.character("k"), .moveUp), (.control("p"), .moveUp), (.control("k"), .moveUp),
            (.down, .moveDown), (.character("j"), .moveDown), (.control("n"), .moveDown), (.control("j"), .moveDown),
            (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .moveToFirst), (.end, .moveToLast),
            (.character("g"), .moveToFirst), (.character("G"), .moveToLast),
            (.character(" "), .toggleCurrent), (.tab, .toggleAndMoveDown), (.character("/"), .startSearch),
            (.enter, .done), (.escape, .cancel), (.character("q"), .cancel), (.control("c"), .cancel),
            (.character("["), .previousSection), (.character("]"), .nextSection), (.character("'"), .beginSectionJump),
            (.character("a"), .selectAllShown), (.character("n"), .deselectAllShown),
            (.character("c"), .clearSelection),
            (.character("?"), .showKeys),
        ]
        for (key, event) in expected {
            XCTAssertEqual(KeyMap.standard.event(for: key, in: .browsing), event, "\(key)")
        }
        XCTAssertNil(KeyMap.standard.event(for: .character("x"), in: .browsing))
        XCTAssertNil(KeyMap.standard.event(for: .backspace, in: .browsing))
    }

    func testSearchingKeysEditTheQuery() {
        let expected: [(Key, PickerEvent)] = [
            (.character("j"), .typed("j")), (.character(" "), .typed(" ")), (.character("q"), .typed("q")),
            (.character("/"), .typed("/")), (.character("é"), .typed("é")),
            (.backspace, .deleteBackward), (.control("u"), .clearQuery), (.control("w"), .deleteWord),
            (.up, .moveUp), (.down, .moveDown), (.control("n"), .moveDown), (.tab, .toggleCurrent),
            (.enter, .finishSearch), (.escape, .cancelSearch), (.control("c"), .cancel),
        ]
        for (key, event) in expected {
            XCTAssertEqual(KeyMap.standard.event(for: key, in: .searching), event, "\(key)")
        }
    }

    func testModalPhases() {
        XCTAssertEqual(KeyMap.standard.event(for: .character("m"), in: .choosingSection), .jumpToSection("m"))
        XCTAssertEqual(KeyMap.standard.event(for: .character("#"), in: .choosingSection), .jumpToSection("#"))
        XCTAssertEqual(KeyMap.standard.event(for: .character("1"), in: .choosingSection), .back)
        XCTAssertEqual(KeyMap.standard.event(for: .escape, in: .choosingSection), .back)
        XCTAssertEqual(KeyMap.standard.event(for: .character("j"), in: .showingKeys), .back)
        XCTAssertEqual(KeyMap.standard.event(for: .enter, in: .showingKeys), .back)
        XCTAssertEqual(KeyMap.standard.event(for: .control("c"), in: .showingKeys), .cancel)
    }

    func testFinishedPickersTakeNoKeys() {
        XCTAssertNil(KeyMap.standard.event(for: .enter, in: .done))
        XCTAssertNil(KeyMap.standard.event(for: .control("c"), in: .cancelled))
        XCTAssertEqual(KeyMap.standard.event(for: .escape, in: .loading), .cancel)
        XCTAssertNil(KeyMap.standard.event(for: .character(" "), in: .loading))
    }
}
