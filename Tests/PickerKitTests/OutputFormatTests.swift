import XCTest

@testable import PickerKit

final class OutputFormatTests: XCTestCase {
    private let friends = [Friend(id: "2", name: "Zoë \"Z\" Kim"), Friend(id: "1", name: "Ada\tLove\nlace")]

    func testEachFormat() {
        XCTAssertEqual(rendered(.names, friends, print0: false), "Zoë \"Z\" Kim\nAda\\x09Love\\x0alace\n")
        XCTAssertEqual(rendered(.ids, friends, print0: false), "2\n1\n")
        XCTAssertEqual(rendered(.tsv, friends, print0: false), "2\tZoë \"Z\" Kim\n1\tAda\\x09Love\\x0alace\n")
        XCTAssertEqual(
            rendered(.json, friends, print0: false),
            #"[{"id":"2","name":"Zoë \"Z\" Kim"},{"id":"1","name":"Ada\tLove\nlace"}]"# + "\n")
    }

    func testPrint0EndsEachRecordWithNul() {
        XCTAssertEqual(rendered(.names, friends, print0: true), "Zoë \"Z\" Kim\0Ada\\x09Love\\x0alace\0")
    }

    func testJSONIsExactAndParsesBack() throws {
        let names = ["plain", "quote \" backslash \\ slash /", "control \u{1}\u{1F}\u{7F}", "王小明 👩‍👩‍👧"]
        let json = rendered(.json, names.enumerated().map { Friend(id: String($0), name: $1) }, print0: false)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: String]]
        XCTAssertEqual(parsed?.map { $0["name"] }, names)
    }
}

final class OutputFormatMarkTests: XCTestCase {
    /// The dotted circle that draws a leading combining mark on screen is not part of the name.
    func testALeadingCombiningMarkIsPrintedAsGiven() {
        let friend = Friend(id: "1", name: "\u{301}Mark\u{7}")
        XCTAssertEqual(rendered(.names, [friend], print0: false), "\u{301}Mark\\x07\n")
        XCTAssertEqual(rendered(.tsv, [friend], print0: false), "1\t\u{301}Mark\\x07\n")
    }
}

/// What `format` prints for `friends`, as text.
private func rendered(_ format: OutputFormat, _ friends: [Friend], print0: Bool) -> String {
    String(decoding: format.render(friends, print0: print0), as: UTF8.self)
}

final class TerminalTextSafetyTests: XCTestCase {
    /// The byte check that lets output skip escaping agrees with the escaping, scalar by scalar.
    func testTheByteCheckAgreesWithEscaping() {
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = "a" + String(Character(scalar)) + "b"
            let safe = text.withUTF8 { TerminalText.isSafe($0) }
            XCTAssertEqual(safe, TerminalText.escaped(text) == text, "U+\(String(value, radix: 16))")
        }
        XCTAssertFalse([UInt8]([0x41, 0xFF]).withUnsafeBufferPointer { TerminalText.isSafe($0) })
    }
}
