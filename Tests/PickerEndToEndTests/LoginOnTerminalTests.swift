import Foundation
import PickerTestSupport
import XCTest

/// `picker login` on a terminal: the code large, the QR code that decodes to the address, the
/// countdown, and every way out giving the terminal back with nothing stored unless approved.
final class LoginOnTerminalTests: LoginTestCase {
    /// Starts `picker login` with `arguments` in tmux from a shell, its standard output the
    /// terminal, and waits for its screen.
    private func startLogin(_ arguments: [String], columns: Int = 80, rows: Int = 24) throws -> TmuxSession {
        let login = killedAtTheEnd(
            try TmuxSession(
                arguments: arguments, columns: columns, rows: rows, fromShell: true, environment: environment,
                shellLine: "picker"))
        try login.waitForScreen("the login's screen") { $0.helpLine == "Ctrl-C or Esc cancels" }
        return login
    }

    func testApprovedOnTheScreenTheSessionIsStoredAndTheTerminalGivenBack() throws {
        let login = try startLogin(try rfc8628("pending.pending.pending.approve", query: "?interval=0.5"))
        let screen = try login.screen()
        let address = "http://127.0.0.1:\(try graph().port)/activate"
        XCTAssertTrue(screen.lines[0].hasPrefix("picker login · 127.0.0.1:"), screen.description)
        XCTAssertTrue(screen.lines.contains { $0.hasSuffix("    W D J B  -  M J H T") }, screen.description)
        XCTAssertTrue(screen.lines.contains { $0.hasSuffix("    " + address) }, screen.description)
        XCTAssertTrue(
            screen.lines[22].hasPrefix("Waiting for approval · ")
                && screen.lines[22].hasSuffix(" left · code WDJB-MJHT"),
            screen.description)
        assertNoSecret(in: screen.lines)
        let result = try login.assertExit(0, output: "")
        XCTAssertTrue(result.errors.contains("picker: logged in to http://127.0.0.1:"), result.errors)
        assertNoSecret(in: [result.errors])
        XCTAssertEqual(try storedSession()?["access_token"] as? String, token)
        let settings = try login.terminalSettings()
        XCTAssertEqual(settings.after, settings.before, "stty -g after equals stty -g before")
        let modes = try login.terminalModes()
        XCTAssertTrue(modes.hasPrefix("alternate=0 cursor=1 "), modes)
    }

    func testCtrlCWhilePollingStoresNothingAndGivesTheTerminalBack() throws {
        let login = try startLogin(try rfc8628("pending"))
        let deadline = Date().addingTimeInterval(10)
        while try polls().count < 2 && Date() < deadline { usleep(50_000) }
        XCTAssertGreaterThanOrEqual(try polls().count, 2, "polling")
        XCTAssertTrue(try login.terminalModes().hasPrefix("alternate=1 cursor=0 "))
        try login.press("C-c")
        let result = try login.assertExit(
            130, output: "", standardError: "picker: login cancelled; nothing is stored\n")
        assertNoSecret(in: [result.errors])
        XCTAssertNil(try storedSession())
        let settings = try login.terminalSettings()
        XCTAssertEqual(settings.after, settings.before)
        let modes = try login.terminalModes()
        XCTAssertTrue(modes.hasPrefix("alternate=0 cursor=1 keypad=0 "), modes)
        let polled = try polls().count
        usleep(700_000)
        XCTAssertEqual(try polls().count, polled, "no poll after the cancel")
    }

    func testSIGTERMWhilePollingStoresNothing() throws {
        let login = try startLogin(try facebook("pending"))
        try login.send(signal: SIGTERM)
        try login.assertExit(143, output: "")
        XCTAssertNil(try storedSession())
        let settings = try login.terminalSettings()
        XCTAssertEqual(settings.after, settings.before)
    }

    func testTheQRCodeIsQrencodesAndDecodesToTheCompleteAddress() throws {
        let login = try startLogin(try rfc8628("pending"))
        let screen = try login.screen()
        let complete = "http://127.0.0.1:\(try graph().port)/activate?user_code=WDJB-MJHT"
        let qr = try XCTUnwrap(Self.qrCode(on: screen), screen.description)
        XCTAssertEqual(qr.count, 17, "version 3 with a margin of 2: 33 rows of modules in 17 lines")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/qrencode") {
            let drawn = try runCommand(URL(fileURLWithPath: "/usr/bin/qrencode"), ["-t", "UTF8", "-m", "2", complete])
            XCTAssertEqual(
                qr, drawn.output.split(separator: "\n").map(String.init), "as qrencode -t UTF8 -m 2 draws it")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") else {
            throw XCTSkip("zbarimg is not installed (.ci/run installs zbar-tools)")
        }
        let image = TemporaryFolder.root.appendingPathComponent("picker-qr-\(UUID().uuidString).pgm")
        defer { try? FileManager.default.removeItem(at: image) }
        try Self.image(of: qr).write(to: image)
        let decoded = try runCommand(URL(fileURLWithPath: "/usr/bin/zbarimg"), ["--raw", "-q", image.path])
        XCTAssertEqual(decoded.output.trimmingCharacters(in: .newlines), complete, decoded.standardError)
        let styled = try login.screenWithAttributes()
        XCTAssertTrue(styled.contains { $0.contains("\u{1B}[97m\u{1B}[40m") }, "white on black: \(styled)")
        try login.press("Escape")
        try login.assertExit(130)
        XCTAssertNil(try storedSession())
    }

    func testNoQRCodeWhenAskedOrWithoutRoom() throws {
        let plain = try startLogin(try rfc8628("pending") + ["--no-qr"])
        XCTAssertFalse(try plain.screen().lines.joined().contains("█"))
        try plain.press("q")
        try plain.assertExit(130)
        let small = try startLogin(try facebook("pending"), columns: 50, rows: 20)
        let screen = try small.screen()
        XCTAssertFalse(screen.lines.joined().contains("█"))
        XCTAssertTrue(screen.lines.contains("(a larger terminal shows a QR code of the address)"), screen.description)
        XCTAssertTrue(screen.lines.contains("  A 1 B 2   C 3 D 4"), screen.description)
        try small.resize(columns: 100, rows: 45)
        try small.waitForScreen("the QR code below the text, once there is room") {
            $0.lines.contains { $0.hasPrefix("█████████") }
        }
        try small.press("Escape")
        try small.assertExit(130)
    }

    /// The QR code's lines on `screen`: the lines from the first that starts with its margin,
    /// each cut to the code's width.
    private static func qrCode(on screen: Screen) -> [String]? {
        guard let top = screen.lines.firstIndex(where: { $0.hasPrefix("█████") }) else { return nil }
        let width = screen.lines[top].prefix { $0 == "█" }.count
        return screen.lines[top...].prefix { $0.hasPrefix("██") }.map { String($0.prefix(width)) }
    }

    /// `lines` of half blocks as a greyscale picture (PGM): each character two modules high
    /// and one wide, its foreground light and its background dark, as the terminal draws it,
    /// 4 pixels a module, on a dark border of 4 modules.
    private static func image(of lines: [String]) -> Data {
        let scale = 4
        let border = 4
        let columns = lines.map(\.count).max() ?? 0
        let modules: [[Bool]] = lines.flatMap { line -> [[Bool]] in
            let characters = Array(line.padding(toLength: columns, withPad: " ", startingAt: 0))
            return [
                characters.map { $0 == "█" || $0 == "▀" },
                characters.map { $0 == "█" || $0 == "▄" },
            ]
        }
        let width = (columns + 2 * border) * scale
        let height = (modules.count + 2 * border) * scale
        var pixels = Data("P5 \(width) \(height) 255\n".utf8)
        for y in 0..<height {
            let row = y / scale - border
            for x in 0..<width {
                let column = x / scale - border
                let light = modules.indices.contains(row) && (0..<columns).contains(column) && modules[row][column]
                pixels.append(light ? 255 : 0)
            }
        }
        return pixels
    }
}
