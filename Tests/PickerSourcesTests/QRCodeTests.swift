import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// QR codes made with libqrencode and drawn in half blocks as `qrencode -t UTF8` draws them.
final class QRCodeTests: XCTestCase {
    func testHiIsDrawnAsQrencodeDrawsIt() throws {
        let code: QRCode
        switch QRCode.encode("hi") {
        case .success(let made): code = made
        case .failure(let unavailable): throw XCTSkip(unavailable.message + " (.ci/run installs libqrencode-dev)")
        }
        XCTAssertEqual(code.width, 21, "version 1")
        // `qrencode -t UTF8 -m 2 hi`
        XCTAssertEqual(
            code.halfBlockLines(),
            [
                "█████████████████████████",
                "██ ▄▄▄▄▄ ███▄█ █ ▄▄▄▄▄ ██",
                "██ █   █ █▄█▄█▀█ █   █ ██",
                "██ █▄▄▄█ ██ ▀ ▄█ █▄▄▄█ ██",
                "██▄▄▄▄▄▄▄█ █ █▄█▄▄▄▄▄▄▄██",
                "██▄  █▄▄▄ ▄█ ▀▄ ▄▀█▀ ▀▀██",
                "███▄  ▄▄▄▄▄▄█ ▀ ▄ ▀ ▄ ▄██",
                "██▄██▄█▄▄█ █ ▄█▄ ▄██ ▀▀██",
                "██ ▄▄▄▄▄ █   █▄█▀█▄█▀  ██",
                "██ █   █ █▄ █▀▄▀▄▀▄▀▄▀▄██",
                "██ █▄▄▄█ █  ▄ ▀ ▄ ▀ ▄▀▄██",
                "██▄▄▄▄▄▄▄█▄██▄█▄▄▄█▄▄▄▄██",
                "█████████████████████████",
            ])
    }

    func testTheHalfBlocksOfEachPairOfModules() {
        let code = QRCode(width: 1, modules: [true])
        XCTAssertEqual(code.halfBlockLines(margin: 0), ["▄"], "beyond the code is light")
        XCTAssertEqual(code.halfBlockLines(margin: 1), ["█▀█", "███"])
        let two = QRCode(width: 2, modules: [true, false, false, true])
        XCTAssertEqual(two.halfBlockLines(margin: 0), ["▄▀"])
    }
}
