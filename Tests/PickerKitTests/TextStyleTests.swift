import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// How roles are drawn, which both painters follow: every meaning a colour gives is also
/// carried by an attribute, so `--no-color` loses nothing.
final class TextStyleTests: XCTestCase {
    private let roles: [Frame.Role] = [
        .plain, .title, .counts, .prompt, .query, .hint, .header, .checkMark, .checked, .match, .sortKey, .help,
        .notice, .warning,
    ]

    func testEveryColouredRoleIsAlsoBoldOrUnderlined() {
        for role in roles where role.style.color != nil {
            XCTAssertTrue(role.style.bold || role.style.underline, "\(role)")
        }
    }

    func testTheRolesThatStandOutDoSoWithoutColour() {
        XCTAssertEqual(Frame.Role.match.style, TextStyle(bold: true, underline: true, color: .match))
        XCTAssertEqual(Frame.Role.checked.style, TextStyle(bold: true, color: .checked))
        XCTAssertEqual(Frame.Role.help.style, TextStyle(dim: true))
        XCTAssertEqual(Frame.Role.plain.style, .plain)
        XCTAssertFalse(roles.contains { $0.style.reverse }, "reverse video is kept for the cursor row")
    }

    func testColoursAreMidTonesOfThe256ColourPaletteOrTheBasicEight() {
        for color in TextStyle.Color.allCases {
            XCTAssertTrue((16...231).contains(color.richNumber), "\(color) is in the colour cube")
            XCTAssertTrue((1...6).contains(color.basicNumber), "\(color) is neither black nor white")
        }
        XCTAssertEqual(Set(TextStyle.Color.allCases.map(\.richNumber)).count, TextStyle.Color.allCases.count)
    }
}
