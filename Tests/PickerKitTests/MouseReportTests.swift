import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

final class MouseReportTests: XCTestCase {
    func testParsesSGRReports() {
        XCTAssertEqual(
            MouseReport(sgrParameters: "0;10;5M"), MouseReport(button: .left, line: 4, column: 9, isPress: true))
        XCTAssertEqual(
            MouseReport(sgrParameters: "0;10;5m"), MouseReport(button: .left, line: 4, column: 9, isPress: false))
        XCTAssertEqual(MouseReport(sgrParameters: "64;1;1M")?.button, .wheelUp)
        XCTAssertEqual(MouseReport(sgrParameters: "65;1;1M")?.button, .wheelDown)
        for bad in ["", "0;10M", "32;1;1M", "0;0;1M", "0;a;1M", "0;1;1", "0;1;1;1M"] {
            XCTAssertNil(MouseReport(sgrParameters: bad), bad)
        }
    }

    func testTheKeyMapTurnsPressesIntoEvents() {
        let press = MouseReport(button: .left, line: 4, column: 9, isPress: true)
        XCTAssertEqual(KeyMap.standard.event(for: .mouse(press), in: .browsing), .click(line: 4, column: 9))
        XCTAssertEqual(KeyMap.standard.event(for: .mouse(press), in: .searching), .click(line: 4, column: 9))
        var double = press
        double.clickCount = 2
        XCTAssertEqual(KeyMap.standard.event(for: .mouse(double), in: .browsing), .doubleClick(line: 4))
        XCTAssertNil(
            KeyMap.standard.event(
                for: .mouse(MouseReport(button: .left, line: 4, column: 9, isPress: false)), in: .browsing))
        XCTAssertEqual(
            KeyMap.standard.event(
                for: .mouse(MouseReport(button: .wheelDown, line: 0, column: 0, isPress: true)), in: .browsing),
            .scroll(3))
        XCTAssertEqual(
            KeyMap.standard.event(
                for: .mouse(MouseReport(button: .wheelUp, line: 0, column: 0, isPress: true)), in: .browsing),
            .scroll(-3))
        XCTAssertEqual(KeyMap.standard.event(for: .mouse(press), in: .showingKeys), .back)
    }
}
