import PickerTestSupport
import XCTest

@testable import PickerStore

/// The probe that passes over lines without a byte of the query, against folding each line
/// whole and looking for the byte in it.
final class LineProbeTests: XCTestCase {
    func testALinePassedOverCannotHoldTheByteOnceFolded() {
        var random = SplitMix64(seed: 21)
        let pieces: [[UInt8]] =
            [
                "Ann", "KIM", "zoë", "ZOË", "Łukasz", "王", "Анна", "e\u{301}", "\u{301}", "ß", "Ǆ", "Ægir", "æ",
                "O'Brien",
                "\u{2019}", "क्षि", "रा", "\u{1b}", "\u{7f}", "\t", " ", "\u{a0}", "Ｑ", "ⓠ", "\u{212a}", "𝐪", "👍🏽", "ﬁ",
                "\r", "q", "X", "x", "v", "a\u{941}", "é\u{941}", "\u{0D4E}q", "\u{941}", "ক্ষ", "\u{0958}", "E\u{93C}",
            ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80]]
        let queries = ["q", "x", "k", "ss", "ae", "o", "zoë", "王", "'", "fi", "a", "e", "v", "kim"]
        for query in queries {
            let compiled = CompiledQuery(SearchQuery(query))
            for round in 0..<300 {
                let line = (0..<Int(random.next() % 6)).flatMap { _ in pieces[Int(random.next() % UInt64(pieces.count))]
                }
                let text = line + [0x0A] + Array("Rest of the text".utf8)
                text.withUnsafeBufferPointer { bytes in
                    guard let probe = LineProbe(compiled, text: bytes), let base = bytes.baseAddress else {
                        return XCTFail("a probe for \(query)")
                    }
                    defer { probe.deallocate() }
                    let message = "query \(query), line \(line), round \(round)"
                    let look = probe.lookAtLine(in: base, from: 0, upTo: bytes.count)
                    XCTAssertEqual(look.newline, line.count, message)
                    XCTAssertEqual(look.isASCII, line.allSatisfy { $0 < 0x80 }, message)
                    let isValid = String(validating: line, as: UTF8.self) != nil
                    let lineBytes = UnsafeBufferPointer(rebasing: bytes[0..<line.count])
                    if look.isASCII {
                        XCTAssertEqual(
                            look.holds, line.contains { UTF8Text.lowercasedASCII($0) == probe.byte }, message)
                        return
                    }
                    var folding = TextFolding()
                    switch probe.look(atFoldOf: lineBytes, folding: &folding) {
                    case .invalid:
                        XCTAssertFalse(isValid, message)
                    case .possible(let checked):
                        XCTAssertEqual(
                            UTF8Text.isValid(UnsafeBufferPointer(rebasing: lineBytes[checked...])), isValid, message)
                    case .absent:
                        XCTAssertTrue(isValid, message)
                        var whole = TextFolding()
                        let folded = whole.fold(String(decoding: line, as: UTF8.self), probe.strength)
                        XCTAssertFalse(folded.contains(probe.byte), message)
                    }
                }
            }
        }
    }

    func testTheRarestByteOfTheTextIsTheOneLookedFor() {
        let text = Array("Anna Lopez\nZoe Kim\nAnna Maria\n".utf8)
        text.withUnsafeBufferPointer { bytes in
            func probedByte(_ query: String) -> UInt8? {
                guard let probe = LineProbe(CompiledQuery(SearchQuery(query)), text: bytes) else { return nil }
                defer { probe.deallocate() }
                return probe.byte
            }
            XCTAssertEqual(probedByte("ann zoe"), UInt8(ascii: "z"))
            XCTAssertEqual(probedByte("!z ann"), UInt8(ascii: "n"))
            XCTAssertNil(probedByte(""))
            XCTAssertNil(probedByte("!a"))
        }
    }
}
