import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The bytes a terminal sends, as keys: every key the full screen reads through ncurses, in
/// the forms terminals send them with keypad transmit mode on or off.
final class TerminalInputDecoderTests: XCTestCase {
    private func decoded(_ text: String) -> [TerminalInput] {
        var decoder = TerminalInputDecoder()
        return decoder.decode(Array(text.utf8)) + decoder.finish()
    }

    private func keys(_ text: String) -> [Key] {
        decoded(text).compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    func testArrowsPagesHomeAndEndInEveryFormTerminalsSend() {
        XCTAssertEqual(keys("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB\u{1B}[1A"), [.up, .down, .up, .down, .up])
        XCTAssertEqual(keys("\u{1B}[5~\u{1B}[6~"), [.pageUp, .pageDown])
        XCTAssertEqual(
            keys("\u{1B}[H\u{1B}OH\u{1B}[1~\u{1B}[7~\u{1B}[F\u{1B}OF\u{1B}[4~\u{1B}[8~"),
            [.home, .home, .home, .home, .end, .end, .end, .end])
    }

    func testControlBytesAreEnterTabBackspaceAndCtrlKeys() {
        XCTAssertEqual(keys("\r\t\u{7F}\u{08}"), [.enter, .tab, .backspace, .backspace])
        XCTAssertEqual(keys("\u{01}\u{03}\u{0A}\u{0E}\u{10}\u{15}\u{17}\u{1A}"), "acjnpuwz".map { .control($0) })
        XCTAssertEqual(keys("\u{1B}OM"), [.enter], "the keypad's Enter")
    }

    func testTextIsReadAsCharactersWhateverItsLength() {
        XCTAssertEqual(keys("a Z~"), ["a", " ", "Z", "~"].map { .character($0) })
        XCTAssertEqual(keys("é日🙂"), ["é", "日", "🙂"].map { .character($0) })
    }

    func testMouseReportsAreRead() {
        XCTAssertEqual(
            keys("\u{1B}[<0;5;12M\u{1B}[<0;5;12m\u{1B}[<64;1;1M"),
            [
                .mouse(MouseReport(button: .left, line: 11, column: 4, isPress: true)),
                .mouse(MouseReport(button: .left, line: 11, column: 4, isPress: false)),
                .mouse(MouseReport(button: .wheelUp, line: 0, column: 0, isPress: true)),
            ])
    }

    func testCursorPositionReportsAreTheirOwnInput() {
        XCTAssertEqual(
            decoded("x\u{1B}[12;40Ry"),
            [.key(.character("x")), .cursorPosition(CursorPosition(row: 11, column: 39)), .key(.character("y"))])
        XCTAssertEqual(decoded("\u{1B}[0;0R\u{1B}[5R"), [], "no cell 0, no report without a column")
    }

    func testKeysTheFullScreenIgnoresAreReadWholeAndDropped() {
        // Insert, F5, Ctrl-Up, focus, X10 mouse, Ctrl-Space, Ctrl-\.
        let ignored = "\u{1B}[2~\u{1B}[15~\u{1B}[1;5A\u{1B}[I\u{1B}[M !!\u{00}\u{1C}"
        XCTAssertEqual(decoded(ignored + "q"), [.key(.character("q"))])
    }

    func testEditingKeysShiftTabF1AndCtrlSlashInEveryFormTerminalsSend() {
        let keys: [(bytes: String, key: Key)] = [
            ("\u{1B}[D", .left), ("\u{1B}OD", .left), ("\u{1B}[C", .right), ("\u{1B}OC", .right),
            ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab), ("\u{1B}OP", .function(1)), ("\u{1B}[11~", .function(1)),
            ("\u{1B}[P", .function(1)), ("\u{1F}", .control("/")), ("\u{1B}[1D", .left),
        ]
        for (bytes, key) in keys { XCTAssertEqual(decoded(bytes + "q"), [.key(key), .key(.character("q"))], bytes) }
        XCTAssertEqual(decoded("\u{1B}[1;2D\u{1B}[3;5~q"), [.key(.character("q"))], "with modifiers, dropped")
    }

    func testSequencesSplitAcrossReadsAreJoined() {
        var decoder = TerminalInputDecoder()
        var inputs: [TerminalInput] = []
        for byte in Array("\u{1B}[<0;5;12M\u{1B}[6~é\u{1B}OA".utf8) {
            inputs += decoder.decode([byte])
        }
        XCTAssertFalse(decoder.isWaiting)
        XCTAssertEqual(
            inputs,
            [
                .key(.mouse(MouseReport(button: .left, line: 11, column: 4, isPress: true))), .key(.pageDown),
                .key(.character("é")), .key(.up),
            ])
    }

    func testAnEscWaitsForWhatFollowsAndIsTheEscapeKeyWhenNothingDoes() {
        var decoder = TerminalInputDecoder()
        XCTAssertEqual(decoder.decode([0x1B]), [])
        XCTAssertTrue(decoder.isWaiting)
        XCTAssertEqual(decoder.finish(), [.key(.escape)])
        XCTAssertFalse(decoder.isWaiting)
        XCTAssertEqual(decoder.decode(Array("\u{1B}[B".utf8)), [.key(.down)], "nothing left over")
    }

    func testAnUnfinishedSequenceEndsAsEscapeAndItsCharactersAsNcursesDoes() {
        var decoder = TerminalInputDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1B}[1;".utf8)), [])
        XCTAssertEqual(
            decoder.finish(), [.key(.escape), .key(.character("[")), .key(.character("1")), .key(.character(";"))])
    }

    /// Alt with a key sends Esc and the key: one Alt key, as readline reads it. An Esc before
    /// another Esc, or before a control byte, is the Escape key.
    func testEscBeforeACharacterIsThatCharacterWithAlt() {
        XCTAssertEqual(keys("\u{1B}x\u{1B}\u{1B}[A"), [.alt("x"), .escape, .up])
        XCTAssertEqual(keys("\u{1B}B\u{1B}\u{7F}\u{1B}\u{08}"), [.alt("B"), .altBackspace, .altBackspace])
        XCTAssertEqual(keys("\u{1B}\r"), [.escape, .enter])
    }

    /// Pasted text arrives between `ESC [ 200 ~` and `ESC [ 201 ~`: one paste, however the
    /// bytes are split, line ends and escape sequences inside it kept as text.
    func testBracketedPasteIsOnePasteHoweverItArrives() {
        let bytes = Array("a\u{1B}[200~Ann Lee\r\nBob\u{1B}[A é\u{1B}[201~b".utf8)
        let expected: [TerminalInput] = [
            .key(.character("a")), .key(.paste("Ann Lee\r\nBob\u{1B}[A é")), .key(.character("b")),
        ]
        for split in 0...bytes.count {
            var decoder = TerminalInputDecoder()
            let inputs = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...])
            XCTAssertEqual(inputs + decoder.finish(), expected, "split at \(split)")
        }
        // A pause inside the paste (the escape delay passing) does not end it: it is not waiting.
        var paused = TerminalInputDecoder()
        XCTAssertEqual(paused.decode(Array("\u{1B}[200~Ann\u{1B}".utf8)), [])
        XCTAssertFalse(paused.isWaiting)
        XCTAssertEqual(paused.decode(Array("[201~".utf8)), [.key(.paste("Ann"))])
        // A paste whose end mark never comes ends after a megabyte, and keys are keys again.
        var endless = TerminalInputDecoder()
        XCTAssertEqual(endless.decode(Array("\u{1B}[200~".utf8)), [])
        let megabyte = [UInt8](repeating: UInt8(ascii: "y"), count: (1 << 20) - 8)
        XCTAssertEqual(endless.decode(megabyte), [], "still a paste")
        let inputs = endless.decode(Array("yyyyyyyyyyyyyyyy\r".utf8))
        guard case .key(.paste)? = inputs.first else { return XCTFail("\(inputs.prefix(2))") }
        XCTAssertEqual(inputs.last, .key(.enter), "a key again")
        var long = TerminalInputDecoder()
        let pasted =
            long.decode(Array("\u{1B}[200~".utf8) + Array(repeating: UInt8(ascii: "x"), count: 10_000))
            + long.decode(Array("\u{1B}[201~".utf8))
        XCTAssertEqual(pasted, [.key(.paste(String(repeating: "x", count: TerminalInputDecoder.longestPaste)))])
    }

    func testBrokenAndUnsafeBytesAreDropped() {
        // A lone continuation byte, a lead byte followed by ASCII, an overlong encoding, a
        // surrogate, a C1 control (U+009B, CSI on some terminals), a bidirectional override.
        let bytes: [UInt8] = [0x80, 0xC3, 0x41, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xC2, 0x9B, 0xE2, 0x80, 0xAE, 0x42]
        var decoder = TerminalInputDecoder()
        XCTAssertEqual(decoder.decode(bytes) + decoder.finish(), [.key(.character("A")), .key(.character("B"))])
    }

    func testPartOfACharacterWaitsAndIsDroppedWhenNothingFollows() {
        var decoder = TerminalInputDecoder()
        XCTAssertEqual(decoder.decode([0xE6, 0x97]), [])
        XCTAssertTrue(decoder.isWaiting)
        XCTAssertEqual(decoder.decode([0xA5]), [.key(.character("日"))])
        XCTAssertEqual(decoder.decode([0xF0, 0x9F]), [])
        XCTAssertEqual(decoder.finish(), [])
    }

    func testAnOverlongSequenceIsDroppedWholeSoWhatIsHeldStaysBounded() {
        var decoder = TerminalInputDecoder()
        var inputs = decoder.decode(Array("\u{1B}[".utf8))
        for _ in 0..<10_000 { inputs += decoder.decode(Array("1;".utf8)) }
        XCTAssertFalse(decoder.isWaiting, "nothing held while the sequence goes on")
        inputs += decoder.decode(Array("5Ra\u{1B}[5~".utf8))
        XCTAssertEqual(
            inputs, [.key(.character("a")), .key(.pageUp)], "no cursor report from it, and what follows read")
    }

    func testHowTheBytesAreSplitBetweenReadsChangesNothing() {
        let pieces =
            [
                "a", "é", "日", "🙂", "\r", "\t", "\u{7F}", "\u{03}", "\u{1B}[A", "\u{1B}OB", "\u{1B}[5~",
                "\u{1B}[<0;3;4M",
                "\u{1B}[12;40R", "\u{1B}[1;5A", "\u{1B}[M !!", "\u{1B}x", "\u{1B}\u{1B}",
                "\u{1B}[" + String(repeating: "9", count: 70) + "R",
                "\u{1B}[12", "\u{1B}",
            ].map { Array($0.utf8) } + [[0xC2], [0x9B], [0xE6, 0x97], [0xFF]]
        var random = SplitMix64(seed: 17)
        for _ in 0..<500 {
            let bytes = (0..<8).flatMap { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            var whole = TerminalInputDecoder()
            let atOnce = whole.decode(bytes) + whole.finish()
            var split = TerminalInputDecoder()
            var inPieces: [TerminalInput] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + Int(random.next() % 5))
                inPieces += split.decode(bytes[start..<end])
                start = end
            }
            inPieces += split.finish()
            XCTAssertEqual(atOnce, inPieces, "\(bytes)")
        }
    }
}
