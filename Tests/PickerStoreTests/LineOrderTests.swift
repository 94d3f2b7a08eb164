import PickerTestSupport
import XCTest

@testable import PickerStore

/// The order `--filter` prints lines in, worked out per distinct name, against a sort entry
/// made for every line and sorted by its bytes.
final class LineOrderTests: XCTestCase {
    func testLinesAreInTheOrderOfTheirSortEntries() {
        var random = SplitMix64(seed: 11)
        let words = [
            "Ann", "anna", "ANN", "Zoë", "zoe", "Zoe\u{308}", "José", "Jose", "Łukasz", "王", "Анна", "e\u{301}",
            "\u{301}", "ß", "ss", "Ǆ", "O'Brien", "Jean-", "St.", "Ægir", "\u{1b}[31m", "\u{202e}", "\t", "\u{a0}",
            String(repeating: "Long", count: 40), "Smith", "smith", "Lee",
        ]
        for round in 0..<40 {
            // Few distinct names, so that many lines share one, and some rounds with many.
            let pool = (0..<(round % 2 == 0 ? 12 : 400)).map { _ in
                (0..<Int(random.next() % 4)).map { _ in words[Int(random.next() % UInt64(words.count))] }
                    .joined(separator: random.next() % 3 == 0 ? "" : " ")
            }
            // A score per name, as a search gives (the same bytes, the same score); a fifth of the
            // names do not match.
            var scoreOf: [String: UInt8] = [:]
            for name in pool where scoreOf[name] == nil {
                scoreOf[name] = random.next() % 5 == 0 ? MatchTier.noMatch : UInt8(random.next() % 4)
            }
            let scores = pool.map { scoreOf[$0] ?? 0 }
            let picks = (0..<Int(random.next() % 1500)).map { _ in Int(random.next() % UInt64(pool.count)) }
            let text = Array(picks.map { pool[$0] }.joined(separator: "\n").utf8)
            // Numbers rising with gaps, so that their lengths run from one digit to ten.
            var number: UInt32 = 0
            var lines: [(line: FilteredLines.Line, score: UInt8)] = []
            var start = 0
            for pick in picks {
                let step = random.next() % 4 == 0 ? UInt32(random.next() % 3_000_000) : UInt32(random.next() % 3 + 1)
                guard number < UInt32.max - step else { break }
                number += step
                let end = start + pool[pick].utf8.count
                lines.append((FilteredLines.Line(number: number, start: UInt32(start), end: UInt32(end)), scores[pick]))
                start = end + 1
            }
            for sortOrder in NameOrder.allCases {
                for scored in [false, true] {
                    for sampleSize in [16, LineNames.sampleSize] {
                        assertOrder(
                            lines, text, sortOrder: sortOrder, scored: scored, sampleSize: sampleSize,
                            "round \(round), sample \(sampleSize)")
                    }
                }
            }
        }
    }

    /// Checks that `LineOrder` puts the lines of `lines` that match (their score is not
    /// ``MatchTier/noMatch``) of `text` in the order of their entries: the score when `scored`,
    /// then ``SortEntry``, compared as bytes, then the text's order.
    private func assertOrder(
        _ allLines: [(line: FilteredLines.Line, score: UInt8)], _ text: [UInt8], sortOrder: NameOrder, scored: Bool,
        sampleSize: Int, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        text.withUnsafeBufferPointer { bytes in
            // The lines that match, as the scan keeps them.
            var matched = LineHits()
            for (found, score) in allLines where score != MatchTier.noMatch {
                matched.append(number: found.number, place: found.start..<found.end, score: score)
            }
            // Told apart by their bytes, and (deciding after 16 lines) each line a name of its own
            // where the first lines are nearly all distinct.
            let sorted = LineOrder.sorted(
                matched, names: LineNames(matched, in: bytes, sampleSize: sampleSize), in: bytes, sortOrder: sortOrder,
                scored: scored)
            let lines = allLines.filter { $0.score != MatchTier.noMatch }
            var folding = TextFolding()
            let entries = lines.map { found, score in
                var entry: [UInt8] = scored ? [score] : []
                SortEntry.append(
                    name: UnsafeBufferPointer(rebasing: bytes[found.range]), givenParts: nil, sortOrder: sortOrder,
                    folding: &folding, to: &entry)
                return entry
            }
            let expected = lines.indices.sorted {
                entries[$0] == entries[$1] ? $0 < $1 : entries[$0].lexicographicallyPrecedes(entries[$1])
            }
            XCTAssertEqual(
                sorted.map(\.number), expected.map { lines[$0].line.number },
                "\(message), \(sortOrder), scored \(scored)", file: file, line: line)
            for (found, index) in zip(sorted, expected) {
                XCTAssertEqual(
                    Array(bytes[found.range]), Array(bytes[lines[index].line.range]), "the line's bytes",
                    file: file, line: line)
            }
        }
    }
}
