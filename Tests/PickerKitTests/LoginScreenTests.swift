import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The screen of a login that waits: laid out for the terminal's size, the QR code where it
/// fits, the code spelled for reading aloud, the keys that cancel.
final class LoginScreenTests: XCTestCase {
    private func screen(qr: [String]? = LoginScreenTests.qr, complete: Bool = true) throws -> LoginScreen {
        let address = try XCTUnwrap(URL(string: "https://auth.example/activate"))
        let authorization = DeviceAuthorization(
            deviceCode: "device-SECRET", userCode: "WDJB-MJHT", verificationURI: address,
            completeURI: complete ? URL(string: "https://auth.example/activate?user_code=WDJB-MJHT") : nil,
            expiresIn: 900, interval: 5)
        return LoginScreen(authorization: authorization, service: "auth.example", qrCode: qr, secondsLeft: 605)
    }

    /// A stand-in QR code of 25 columns and 13 lines.
    private static let qr = Array(repeating: String(repeating: "█", count: 25), count: 13)

    private func checkShape(_ frame: Frame, _ size: TerminalSize, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(frame.lines.count, size.rows, "one line per row", file: file, line: line)
        for row in frame.lines {
            XCTAssertLessThanOrEqual(row.spans.width, size.columns, row.text, file: file, line: line)
        }
    }

    func testBesideTheTextOnAnEightyByTwentyFourTerminal() throws {
        let size = TerminalSize(rows: 24, columns: 80)
        let frame = try screen().frame(size: size)
        checkShape(frame, size)
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "picker login · auth.example")
        XCTAssertEqual(lines[1], String(repeating: "█", count: 25))
        XCTAssertEqual(lines[2], String(repeating: "█", count: 25) + "  Open this address on a phone or computer:")
        XCTAssertEqual(lines[3], String(repeating: "█", count: 25) + "    https://auth.example/activate")
        XCTAssertEqual(lines[6], String(repeating: "█", count: 25) + "    W D J B  -  M J H T")
        XCTAssertEqual(
            lines[8], String(repeating: "█", count: 25) + "  Or scan the QR code: it opens the address with the")
        XCTAssertEqual(lines[22], "Waiting for approval · 10:05 left · code WDJB-MJHT")
        XCTAssertEqual(lines[23], "Ctrl-C or Esc cancels")
        XCTAssertEqual(frame.lines[1].spans.first?.role, .qrCode)
        XCTAssertFalse(frame.text.contains("device-SECRET"), "the device code is never shown")
        let short = try screen(qr: Array(Self.qr.prefix(3))).frame(size: TerminalSize(rows: 14, columns: 80))
        XCTAssertEqual(short.lines[3].spans.first?.role, .qrCode, "beside the text")
        XCTAssertEqual(
            short.lines[4].spans.first, Frame.Span(String(repeating: " ", count: 25)), "no black below the code")
    }

    func testBelowTheTextOnATallTerminal() throws {
        let size = TerminalSize(rows: 40, columns: 60)
        let frame = try screen().frame(size: size)
        checkShape(frame, size)
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstQRLine = try XCTUnwrap(lines.firstIndex(of: String(repeating: "█", count: 25)))
        XCTAssertEqual(
            lines[(firstQRLine - 3)...(firstQRLine - 2)],
            ["Or scan the QR code: it opens the address with the code", "filled in."])
        XCTAssertGreaterThan(firstQRLine, try XCTUnwrap(lines.firstIndex(of: "  W D J B  -  M J H T")))
    }

    func testWithoutRoomTheQRCodeIsLeftOutWithAWord() throws {
        let size = TerminalSize(rows: 16, columns: 40)
        let frame = try screen().frame(size: size)
        checkShape(frame, size)
        XCTAssertFalse(frame.text.contains("█"))
        XCTAssertTrue(frame.text.contains("(a larger terminal shows a QR code of"), frame.text)
        XCTAssertTrue(frame.text.contains("W D J B  -  M J H T"), "the code is always shown")
        var missing = try screen(qr: nil)
        missing.qrProblem = "no QR code: libqrencode cannot be loaded (x)"
        XCTAssertTrue(
            missing.frame(size: TerminalSize(rows: 24, columns: 80)).text.contains("(no QR code: libqrencode"))
        XCTAssertFalse(try screen(qr: nil).frame(size: size).text.contains("QR"), "--no-qr says nothing of it")
    }

    func testWithoutAQRCodeTheAddressWithTheCodeFilledInIsShown() throws {
        let complete = "  https://auth.example/activate?user_code=WDJB-MJHT"
        for (screen, size) in [
            (try screen(qr: nil), TerminalSize(rows: 24, columns: 80)),  // --no-qr
            (try screen(), TerminalSize(rows: 16, columns: 40)),  // no room for it
        ] {
            let frame = screen.frame(size: size)
            checkShape(frame, size)
            let lines = frame.lines.map(\.text)
            let said = try XCTUnwrap(lines.firstIndex(of: "Or this one, with the code filled in:"), "\(lines)")
            XCTAssertGreaterThan(said, try XCTUnwrap(lines.firstIndex(of: "  W D J B  -  M J H T")), "after the code")
            let shown = lines[(said + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.dropFirst(2) }.joined()
            XCTAssertEqual("  " + shown, complete, "wrapped, never cut")
        }
        let drawn = try screen().frame(size: TerminalSize(rows: 24, columns: 80)).text
        XCTAssertFalse(drawn.contains("user_code="), "the QR code holds it")
        let none = try screen(qr: nil, complete: false).frame(size: TerminalSize(rows: 24, columns: 80)).text
        XCTAssertFalse(none.contains("with the code filled in"), "a service that gives none")
    }

    func testWhatWasLeftOutOfTheAnswerIsSaid() throws {
        var screen = try screen(qr: nil, complete: false)
        screen.authorization.note = "the service's address with the code filled in is on another site; left out"
        let lines = screen.frame(size: TerminalSize(rows: 24, columns: 40)).lines.map(\.text)
        let code = try XCTUnwrap(lines.firstIndex(of: "  W D J B  -  M J H T"), "\(lines)")
        XCTAssertEqual(
            Array(lines[(code + 2)...].prefix(3)),
            ["the service's address with the code", "filled in is on another site; left out", ""])
    }

    func testALongAddressIsWrappedNeverCut() throws {
        var screen = try screen(qr: nil)
        let long = "https://auth.example/" + String(repeating: "a", count: 70)
        screen.authorization = DeviceAuthorization(
            deviceCode: "d", userCode: "ABCD", verificationURI: try XCTUnwrap(URL(string: long)), completeURI: nil,
            expiresIn: 60, interval: 5)
        let frame = screen.frame(size: TerminalSize(rows: 24, columns: 40))
        let shown = frame.lines.filter { $0.spans.contains { $0.role == .prompt } }.map { $0.text.dropFirst(2) }
        XCTAssertEqual(shown.joined(), long)
    }

    func testAnySizeDownToOneByOne() throws {
        for (rows, columns) in [(1, 1), (2, 10), (5, 30), (0, 0), (24, 40), (30, 28)] {
            let size = TerminalSize(rows: rows, columns: columns)
            checkShape(try screen().frame(size: size), size)
        }
        let tiny = try screen().frame(size: TerminalSize(rows: 2, columns: 80))
        XCTAssertEqual(
            tiny.lines.map(\.text), ["Waiting for approval · 10:05 left · code WDJB-MJHT", "Ctrl-C or Esc cancels"])
    }

    func testWhatTheStatusLineSays() throws {
        var screen = try screen()
        let size = TerminalSize(rows: 24, columns: 100)
        screen.progress = .slowedDown(interval: 10)
        XCTAssertEqual(
            screen.frame(size: size).lines[22].text,
            "Waiting for approval · 10:05 left · code WDJB-MJHT · asking every 10 s")
        screen.progress = .retrying(reason: "connection refused", wait: 3.2)
        screen.secondsLeft = 59
        XCTAssertEqual(
            screen.frame(size: size).lines[22].text,
            "connection refused; trying again in 4 s · 0:59 left · code WDJB-MJHT")
        XCTAssertEqual(screen.frame(size: size).lines[22].spans.first?.role, .warning)
    }

    func testTheCodeIsSpelledInGroups() {
        XCTAssertEqual(LoginScreen.spelled("WDJB-MJHT"), "W D J B  -  M J H T")
        XCTAssertEqual(LoginScreen.spelled("A1B2C3D4"), "A 1 B 2   C 3 D 4")
        XCTAssertEqual(LoginScreen.spelled("A1B2C3"), "A 1 B   2 C 3")
        XCTAssertEqual(LoginScreen.spelled("123 456"), "1 2 3   4 5 6")
        XCTAssertEqual(LoginScreen.spelled("ABCD"), "A B C D")
        XCTAssertEqual(LoginScreen.spelled("ABCDEFGHIJ"), "A B C D   E F G H   I J")
    }

    func testKeys() {
        XCTAssertEqual(LoginScreen.command(for: .control("c")), .cancel)
        XCTAssertEqual(LoginScreen.command(for: .escape), .cancel)
        XCTAssertEqual(LoginScreen.command(for: .character("q")), .cancel)
        XCTAssertEqual(LoginScreen.command(for: .control("z")), .suspend)
        XCTAssertNil(LoginScreen.command(for: .enter))
        XCTAssertNil(LoginScreen.command(for: .character("x")))
    }
}
