import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

final class KeyMapTests: XCTestCase {
    func testBrowsingKeysAreCommandsAndControlChords() {
        let expected: [(Key, PickerEvent)] = [
            (.up, .moveUp), (.control("p"), .moveUp), (.control("k"), .moveUp),
            (.down, .moveDown), (.control("n"), .moveDown), (.control("j"), .moveDown),
            (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .moveToFirst), (.end, .moveToLast),
            (.character(" "), .toggleCurrent), (.tab, .toggleAndMoveDown), (.backTab, .toggleAndMoveUp),
            (.character("/"), .startSearch), (.enter, .done), (.escape, .clearOrCancel), (.control("c"), .cancel),
            (.alt("p"), .previousSection), (.alt("n"), .nextSection), (.control("s"), .beginSectionJump),
            (.alt("a"), .toggleAllShown), (.control("r"), .toggleReview),
            (.character("?"), .showKeys), (.function(1), .showKeys), (.control("/"), .showKeys),
            // The editing keys of readline edit a search kept in the list.
            (.backspace, .deleteBackward), (.control("w"), .deleteWord), (.control("u"), .deleteToStart),
            (.altBackspace, .deleteWordBackward), (.alt("d"), .deleteWordForward), (.alt("b"), .queryCursorWordLeft),
            (.alt("f"), .queryCursorWordRight), (.control("a"), .queryCursorToStart),
            (.control("e"), .queryCursorToEnd),
            (.left, .queryCursorLeft), (.paste("a\nb"), .pasted("a\nb")),
        ]
        for (key, event) in expected {
            XCTAssertEqual(KeyMap.standard.event(for: key, in: .browsing), event, "\(key)")
        }
        XCTAssertNil(KeyMap.standard.event(for: .alt("z"), in: .browsing), "an unknown Alt key does nothing")
    }

    /// With a search kept, `?` and `/` type into it, as every other printable key does; Space
    /// still toggles.
    func testWithASearchKeptEveryPrintableKeyButSpaceTypes() {
        for scalar in (0x21...0x7E).compactMap(Unicode.Scalar.init) {
            let character = Character(scalar)
            XCTAssertEqual(
                KeyMap.standard.event(for: .character(character), in: .browsing, queryIsEmpty: false),
                .typed(String(character)), "\(character)")
        }
        XCTAssertEqual(
            KeyMap.standard.event(for: .character(" "), in: .browsing, queryIsEmpty: false), .toggleCurrent)
    }

    /// Typing a name in the list searches: every printable key that is not a command types,
    /// so none selects or deselects more than one friend, clears the selection or quits.
    func testEveryOtherCharacterStartsASearch() {
        for character in "jkgGqacnxzJQAZ09éßжλ王あ@-.,(" {
            XCTAssertEqual(
                KeyMap.standard.event(for: .character(character), in: .browsing), .typed(String(character)),
                "\(character)")
            XCTAssertEqual(
                KeyMap.standard.event(for: .character(character), in: .loading), .typed(String(character)),
                "\(character) while the first friends load")
        }
        let bulk: Set<PickerEvent> = [.toggleAllShown, .cancel, .done, .clearOrCancel]
        for scalar in (0x20...0x7E).compactMap(Unicode.Scalar.init) {
            let event = KeyMap.standard.event(for: .character(Character(scalar)), in: .browsing)
            XCTAssertFalse(event.map(bulk.contains) ?? false, "\(scalar) must not act on more than one friend")
        }
    }

    func testSearchingKeysEditTheQueryAsReadlineDoes() {
        let expected: [(Key, PickerEvent)] = [
            (.character("j"), .typed("j")), (.character(" "), .typed(" ")), (.character("q"), .typed("q")),
            (.character("/"), .typed("/")), (.character("?"), .typed("?")), (.character("é"), .typed("é")),
            (.backspace, .deleteBackward), (.delete, .deleteForward), (.control("u"), .deleteToStart),
            (.control("w"), .deleteWord), (.left, .queryCursorLeft), (.control("b"), .queryCursorLeft),
            (.right, .queryCursorRight), (.control("f"), .queryCursorRight), (.home, .queryCursorToStart),
            (.control("a"), .queryCursorToStart), (.end, .queryCursorToEnd), (.control("e"), .queryCursorToEnd),
            (.up, .moveUp), (.down, .moveDown), (.control("n"), .moveDown), (.pageDown, .pageDown),
            (.tab, .toggleAndMoveDown), (.backTab, .toggleAndMoveUp), (.control("r"), .toggleReview),
            (.function(1), .showKeys), (.control("/"), .showKeys), (.alt("b"), .queryCursorWordLeft),
            (.alt("f"), .queryCursorWordRight), (.alt("d"), .deleteWordForward), (.altBackspace, .deleteWordBackward),
            (.alt("a"), .toggleAllShown), (.paste("x"), .pasted("x")),
            (.enter, .done), (.escape, .cancelSearch), (.control("c"), .cancel),
        ]
        for (key, event) in expected {
            XCTAssertEqual(KeyMap.standard.event(for: key, in: .searching), event, "\(key)")
        }
    }

    func testReviewingKeys() {
        let expected: [(Key, PickerEvent)] = [
            (.escape, .back), (.control("r"), .back), (.enter, .done), (.character(" "), .toggleCurrent),
            (.tab, .toggleAndMoveDown), (.backTab, .toggleAndMoveUp), (.up, .moveUp), (.end, .moveToLast),
            (.alt("a"), .toggleAllShown), (.character("?"), .showKeys), (.character("/"), .startSearch),
            (.character("b"), .typed("b")), (.control("c"), .cancel),
        ]
        for (key, event) in expected {
            XCTAssertEqual(KeyMap.standard.event(for: key, in: .reviewing), event, "\(key)")
        }
    }

    func testModalPhases() {
        XCTAssertEqual(KeyMap.standard.event(for: .character("m"), in: .choosingSection), .jumpToSection("m"))
        XCTAssertEqual(KeyMap.standard.event(for: .character("#"), in: .choosingSection), .jumpToSection("#"))
        XCTAssertEqual(KeyMap.standard.event(for: .character("1"), in: .choosingSection), .back)
        XCTAssertEqual(KeyMap.standard.event(for: .character("ж"), in: .choosingSection), .jumpToSection("ж"))
        XCTAssertEqual(
            KeyMap.standard.event(for: .character("王"), in: .choosingSection), .back, "no section of its own")
        XCTAssertEqual(KeyMap.standard.event(for: .escape, in: .choosingSection), .back)
        XCTAssertEqual(KeyMap.standard.event(for: .character("j"), in: .showingKeys), .back)
        XCTAssertEqual(KeyMap.standard.event(for: .enter, in: .showingKeys), .back)
        XCTAssertEqual(KeyMap.standard.event(for: .control("c"), in: .showingKeys), .cancel)
    }

    func testFinishedPickersTakeNoKeys() {
        XCTAssertNil(KeyMap.standard.event(for: .enter, in: .done))
        XCTAssertNil(KeyMap.standard.event(for: .control("c"), in: .cancelled))
        XCTAssertEqual(KeyMap.standard.event(for: .escape, in: .loading), .clearOrCancel)
        XCTAssertEqual(KeyMap.standard.event(for: .character(" "), in: .loading), .toggleCurrent, "not a search")
    }
}
