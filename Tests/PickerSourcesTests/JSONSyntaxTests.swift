import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// Where and why text is not JSON, against Foundation's own decoder.
final class JSONSyntaxTests: XCTestCase {
    private func problem(_ text: String) -> JSONSyntax.Problem? {
        var copy = text
        return copy.withUTF8 { JSONSyntax.problem(in: $0) }
    }

    func testTheFirstWrongByteAndWhatWasExpected() {
        let cases: [(String, Int, String)] = [
            (#"{"a" 1}"#, 5, "expected ':'"),
            (#"[1 2]"#, 3, "expected ',' or ']'"),
            (#"{"a": 1 "b": 2}"#, 8, "expected ',' or '}'"),
            (#"{1: 2}"#, 1, "expected a name in quotes"),
            (#"[tru]"#, 4, "expected a value"),
            (#"[01]"#, 2, "expected ',' or ']'"),
            (#"[1.]"#, 3, "expected a digit"),
            ("[\"a\u{1}\"]", 3, "a control character in a string (it must be escaped)"),
            (#"["\x"]"#, 3, "an escape that JSON does not have"),
            (#"["\ud800"]"#, 8, #"a \u escape of half a character (a lone surrogate)"#),
            (#"[1,,2]"#, 3, "expected a value"),
            (#"[,]"#, 1, "expected a value"),
            (#"[1] 2"#, 4, "text after the end of the JSON"),
            (String(repeating: "[", count: 600), 512, "nested deeper than 512"),
        ]
        for (text, offset, reason) in cases {
            XCTAssertEqual(problem(text), JSONSyntax.Problem(offset: offset, reason: reason, truncated: false), text)
        }
        XCTAssertEqual(problem(#"{"a": [1, "#)?.truncated, true)
        XCTAssertEqual(problem(#"{"a": [1, "#)?.offset, 10)
        XCTAssertNil(problem(#" {"a": [1, -2.5e+3, "\u00e9\ud83d\ude00", true, null, {}]} "#))
    }

    /// Any JSON value, read only to see whether Foundation's decoder reads the text.
    private struct AnyJSON: Decodable {
        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: Decoder) throws {
            if var array = try? decoder.unkeyedContainer() {
                while !array.isAtEnd { _ = try array.decode(AnyJSON.self) }
            } else if let object = try? decoder.container(keyedBy: Key.self) {
                for key in object.allKeys { _ = try object.decode(AnyJSON.self, forKey: key) }
            } else {
                let value = try decoder.singleValueContainer()
                if value.decodeNil() || (try? value.decode(Bool.self)) != nil || (try? value.decode(Double.self)) != nil
                {
                    return
                }
                _ = try value.decode(String.self)
            }
        }
    }

    func testValidExactlyWhenFoundationsDecoderReads() {
        let pieces = [
            "{", "}", "[", "]", ",", ":", "\"a\"", "1", "-0.5e2", "true", "null", " ", "\"\\u00", "x",
            "\"\\ud83d\\ude00\"",
        ]
        var random = SplitMix64(seed: 21)
        var valid = 0
        for _ in 0..<20_000 {
            let text = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            let parses = (try? JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8))) != nil
            if parses { valid += 1 }
            XCTAssertEqual(problem(text) == nil, parses, text)
        }
        XCTAssertGreaterThan(valid, 500)
    }
}
