import PickerTestSupport
import XCTest

@testable import PickerStore

/// The scalar-by-scalar folding against the character-by-character one it stands in for.
final class FoldingFastPathTests: XCTestCase {
    /// Letters, accents as separate marks, scripts that join (Hangul jamo, Devanagari signs),
    /// emoji with modifiers and joiners, regional indicators, CR LF and other controls.
    static let alphabet: [Character] =
        Array(
            "aAzZ éÉëÖøŁłßẞ ﬁǅ İıŉ ΓσςΣ АБя 王小明 가각 각 e\u{301} a\u{308}\u{323} अर्जुन क्षि ‍👍🏽👨‍👩‍👧 🇫🇷 \r\n\t\u{0}\u{7f}\u{85}\u{a0}\u{200b}\u{2028} ٠١ ﷺ ㈱ ｱｶﾞ ǰ ΐ ﬃ 1-'.,"
        )
        + [
            "\r\n", "e\u{301}", "\u{301}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{0E33}", "\u{0600}", "\u{200d}",
            "\u{1F3FD}",
        ]

    private func randomText(_ random: inout SplitMix64, length: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let character = Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))]
            scalars.append(contentsOf: character.unicodeScalars)
        }
        return String(scalars)
    }

    func testAppendFoldMatchesFoldWheneverItAccepts() {
        var random = SplitMix64(seed: 11)
        var accepted = 0
        for _ in 0..<3000 {
            let text = randomText(&random, length: Int(random.next() % 9))
            for strength in [TextFolding.Strength.caseAndAccents, .caseOnly] {
                var fast = TextFolding()
                var slow = TextFolding()
                var output: [UInt8] = [7]
                var copy = text
                let ok = copy.withUTF8 { fast.appendFold($0, strength, to: &output) }
                if ok {
                    accepted += 1
                    XCTAssertEqual(
                        Array(output.dropFirst()), slow.fold(text, strength), "\(text.debugDescription) \(strength)")
                } else {
                    XCTAssertEqual(output, [7], "a refused fold leaves the output as it was")
                }
            }
        }
        XCTAssertGreaterThan(accepted, 500, "the fast path takes ordinary text")
    }

    func testOrdinaryNamesTakeTheFastPath() {
        for name in ["Ada Lovelace", "José Álvarez", "Łukasz Wróbel", "Анна Иванова", "王小明", "김민준", "Γιώργος"] {
            var folding = TextFolding()
            var output: [UInt8] = []
            var copy = name
            XCTAssertTrue(copy.withUTF8 { folding.appendFold($0, .caseAndAccents, to: &output) }, name)
        }
    }

    func testTwoScalarsThatStandAloneAreTwoClusters() {
        var random = SplitMix64(seed: 5)
        let neighbours: [Unicode.Scalar] = ["a", "王", "é", "Я", " ", "가", "٣", "😀", "ﷺ"]
        XCTAssertTrue(neighbours.allSatisfy(ScalarFolds.standsAlone))
        for _ in 0..<20_000 {
            let value = UInt32(random.next() % 0x30000)
            guard let scalar = Unicode.Scalar(value), ScalarFolds.standsAlone(scalar) else { continue }
            for neighbour in neighbours {
                var before = String.UnicodeScalarView([scalar, neighbour])
                XCTAssertEqual(String(before).count, 2, "U+\(String(value, radix: 16)) before \(neighbour)")
                before = String.UnicodeScalarView([neighbour, scalar])
                XCTAssertEqual(String(before).count, 2, "U+\(String(value, radix: 16)) after \(neighbour)")
            }
        }
    }

    /// A folding's copy shares the scalar folds made so far, and takes a table of its own the
    /// first time it folds a scalar not yet folded: copies folding new scalars at the same time,
    /// on two threads, each get what a fresh folding gets, and the original keeps its own.
    /// (`scripts/sanitizers thread` runs this with the thread sanitizer watching.)
    func testCopiesOfAFoldingFoldApartOnTwoThreads() {
        var original = TextFolding()
        _ = original.fold("Zoë Ærø", .caseAndAccents)
        let copies = [original, original]
        let names = ["José Álvarez", "Łukasz Wróbel", "Анна Иванова", "Γιώργος", "Zoë Ærø", "Ǆemal Şahin"]
        let folded = Parallel.map(copies.count) { index in
            var folding = copies[index]
            return (names + names.reversed()).map { name in
                var output: [UInt8] = []
                var copy = name
                _ = copy.withUTF8 { folding.appendFold($0, index == 0 ? .caseAndAccents : .caseOnly, to: &output) }
                return output
            }
        }
        for (index, strength) in [TextFolding.Strength.caseAndAccents, .caseOnly].enumerated() {
            var fresh = TextFolding()
            XCTAssertEqual(folded[index], (names + names.reversed()).map { fresh.fold($0, strength) }, "\(strength)")
        }
        XCTAssertEqual(original.fold("Zoë Ærø", .caseAndAccents), Array("zoe aero".utf8))
    }
}
