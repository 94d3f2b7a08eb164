import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

final class OutputFormatMarkTests: XCTestCase {
    /// The dotted circle that draws a leading combining mark on screen is not part of the name.
    func testALeadingCombiningMarkIsPrintedAsGiven() {
        let friend = Friend(id: "1", name: "\u{301}Mark\u{7}")
        XCTAssertEqual(rendered(.names, [friend], print0: false), "\u{301}Mark\\x07\n")
        XCTAssertEqual(rendered(.tsv, [friend], print0: false), "1\t\u{301}Mark\\x07\n")
    }
}
