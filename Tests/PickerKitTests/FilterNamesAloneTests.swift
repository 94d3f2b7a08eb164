import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `--filter` over a JSON document whose friends that may match are names alone: ordered and
/// printed as lines of text are, without a list, it prints what the list of everyone prints.
final class FilterNamesAloneTests: XCTestCase {
    /// Words as names hold them: capitals, accents composed and not, other scripts, letters that
    /// fold to two, punctuation, and what a JSON string may hold that a line cannot: line ends,
    /// control characters, a backslash, a quote.
    private let words = [
        "Ann", "ann", "ANN", "José", "Jose\u{301}", "Zoë", "Søren", "王小明", "Анна", "O'Brien", "Mary-Jane", "Straße",
        "Ǆemal", "Ｊｏｈｎ", "Kowalczyk", "son", "Johnson", "Lee", "Ann\nLee", "a\r", "\u{1b}[31m", "\t", " ", "",
        "\u{a0}", "a\\b", "\"q\"", "\u{202e}", "Nguyễn", "İsmail", "\u{0}",
    ]
    private let queries = [
        "", "a", "n", "b", "e", "é", "an", "ann", "jose", "josé", "!smith", "!a", "^an", "son$", "o'b", "ob", "王",
        "ss", "straße", "ǆ", "dz", "x", "ann lee", "lee !ann", "\\!", "zo", "kowal", "a !son", "'", "-", "john", "Ann",
        "!^z an", "q", "ä",
    ]

    /// The pages of a random source: names of up to three words (so blank ones too), ids from a
    /// pool small enough to repeat, some friends with parts or addresses when `mixed`, texts or
    /// friends made, with entries skipped.
    private func randomPages(_ generator: inout SplitMix64, mixed: Bool) -> [FriendPage] {
        let idPool = Int.random(in: 3...40, using: &generator)
        return (0..<Int.random(in: 1...4, using: &generator)).map { pageNumber in
            let friends = (0..<Int.random(in: 0...14, using: &generator)).map { _ in
                let count = Int.random(in: 0...3, using: &generator)
                let parts = (0..<count).map { _ in words.randomElement(using: &generator)! }
                let id = Int.random(in: 0..<idPool, using: &generator)
                var friend = Friend(
                    id: id == 0 ? "caf\u{E9}" : id == 1 ? "cafe\u{301}" : "\(id)",
                    name: parts.joined(separator: Bool.random(using: &generator) ? " " : ""))
                if mixed, Int.random(in: 0..<4, using: &generator) == 0 {
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0:
                        friend.firstName = parts.first ?? ""
                        friend.lastName = parts.count > 1 ? parts.last : nil
                    case 1:
                        // The family name first, as East Asian names are written.
                        friend.firstName = parts.last ?? ""
                        friend.lastName = parts.count > 1 ? parts.first : nil
                    case 2: friend.emails = ["\(parts.first ?? "x")@example.com"]
                    default: friend.card = ContactCard(nickname: "Bo")
                    }
                }
                return friend
            }
            var page = FriendPage(friends: friends)
            // A reader keeps a Graph page's strings; a page with more than names comes as friends.
            let plain = friends.allSatisfy { $0.emails.isEmpty && $0.card == nil }
            if plain, Bool.random(using: &generator) {
                var texts = FriendTexts()
                for friend in friends { texts.append(friend) }
                page = FriendPage(.texts(texts))
            }
            page.skipped = Int.random(in: 0...1, using: &generator)
            if page.skipped > 0 { page.firstSkipped = SkippedEntry(place: "entry \(pageNumber)", problem: "no name") }
            return page
        }
    }

    /// What `--filter` prints of `matches` of `source` in `format`: standard output, the notes on
    /// standard error and the status of a mail format.
    private func printout(
        _ matches: FilterMatches, _ format: OutputFormat, print0: Bool, toTerminal: Bool
    ) -> (output: [UInt8], notes: [String], status: ExitStatus) {
        if format.printsOnePart {
            let printout = MailPrintout(matches, format: format, print0: print0, source: .file("friends.json"))
            return (printout.output, printout.notes, printout.status)
        }
        switch matches {
        case .friends(let friends):
            return (format.render(friends, print0: print0, toTerminal: toTerminal), [], .printed)
        case .lines(let lines): return (format.render(lines, print0: print0, toTerminal: toTerminal), [], .printed)
        }
    }

    private func friends(_ matches: FilterMatches) -> [Friend] {
        switch matches {
        case .friends(let friends): friends
        case .lines(let lines): lines.friends
        }
    }

    func testNamesAloneArePrintedAsTheListOfEveryonePrintsThem() throws {
        continueAfterFailure = false
        var generator = SplitMix64(seed: 38)
        var namesAlone = 0
        var withOthers = 0
        for round in 0..<400 {
            let loader = Pages(pages: randomPages(&generator, mixed: round % 3 == 0))
            for _ in 0..<4 {
                let query = queries.randomElement(using: &generator)!
                let sortOrder = NameOrder.allCases.randomElement(using: &generator)!
                let inputOrder = [nil, InputOrder.asRead, .reversed].randomElement(using: &generator)!
                let ranked = Int.random(in: 0..<4, using: &generator) > 0
                let searchesAddresses = Bool.random(using: &generator)
                let expected = try FriendFilter.matches(
                    of: loader, matching: query, sortOrder: sortOrder, inputOrder: inputOrder, fields: NameFields(),
                    ranked: ranked, searchesAddresses: searchesAddresses)
                let found = try FriendFilter.candidateMatches(
                    of: loader, matching: query, sortOrder: sortOrder, inputOrder: inputOrder, ranked: ranked,
                    searchesAddresses: searchesAddresses)
                let context =
                    "\(query.debugDescription), \(sortOrder), \(String(describing: inputOrder)), ranked \(ranked) in \(loader.pages.map(\.friends))"
                guard case .lines(let lines) = found.matches else { return XCTFail("not lines: \(context)") }
                if lines.others.isEmpty { namesAlone += 1 } else { withOthers += 1 }
                // A name alone prints as it is, without the parts it was given.
                XCTAssertEqual(
                    friends(found.matches).map { [$0.id, $0.name] },
                    friends(expected.matches).map { [$0.id, $0.name] },
                    context)
                XCTAssertEqual(found.leftOut, expected.leftOut, context)
                XCTAssertEqual(found.skipped, expected.skipped, context)
                XCTAssertEqual(found.firstSkipped, expected.firstSkipped, context)
                let limit = Int.random(in: 0...4, using: &generator)
                for format in OutputFormat.allCases {
                    for (print0, toTerminal) in [(false, false), (false, true), (true, false)] {
                        for limit in [nil, limit] {
                            let printed = printout(
                                found.matches.prefix(limit), format, print0: print0, toTerminal: toTerminal)
                            let wanted = printout(
                                expected.matches.prefix(limit), format, print0: print0, toTerminal: toTerminal)
                            XCTAssertEqual(printed.output, wanted.output, "\(format), \(context)")
                            XCTAssertEqual(printed.notes, wanted.notes, "\(format), \(context)")
                            XCTAssertEqual(printed.status, wanted.status, "\(format), \(context)")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(namesAlone, 800, "most sources are names alone")
        XCTAssertGreaterThan(withOthers, 100, "some friend found has more than a name")
    }

    /// Enough names to be printed in pieces, one per core, their ids read a few lines ahead:
    /// the pieces join into what the list of everyone prints.
    func testManyNamesPrintInPiecesWithTheirIds() throws {
        let friends = (0..<40_000).map { Friend(id: "id-\($0 * 7919 % 40_000)", name: "Name\($0 % 997) Kim\\\($0)") }
        let loader = Pages(pages: [FriendPage(friends: friends)])
        let found = try FriendFilter.candidateMatches(
            of: loader, matching: "", sortOrder: .first, inputOrder: nil, ranked: true, searchesAddresses: false)
        guard case .lines = found.matches else { return XCTFail("names alone: \(found.matches)") }
        let expected = try FriendFilter.matches(
            of: loader, matching: "", sortOrder: .first, inputOrder: nil, fields: NameFields(), ranked: true,
            searchesAddresses: false)
        XCTAssertEqual(found.matches.count, 40_000)
        for format in OutputFormat.allCases {
            for (print0, toTerminal) in [(false, false), (false, true), (true, false)] {
                XCTAssertEqual(
                    printout(found.matches, format, print0: print0, toTerminal: toTerminal).output,
                    printout(expected.matches, format, print0: print0, toTerminal: toTerminal).output, "\(format)")
            }
        }
    }
}

/// A loader that delivers its pages one after another.
private struct Pages: FriendLoader {
    let pages: [FriendPage]

    func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        for page in pages { deliver(page) }
    }
}
