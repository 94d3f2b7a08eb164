import XCTest

@testable import PickerSources
@testable import PickerStore

/// The kept cards of a CardDAV account go out in runs: the first friends are shown before the
/// rest are read, and a card that cannot be read sends only its run to be read card by card.
final class CardDAVDeliveryTests: XCTestCase {
    /// A book of a card per name, `/book/0.vcf` on, with `broken` (a card without its end) at
    /// the place `brokenAt` when it is given.
    private func state(_ names: [String], brokenAt: Int? = nil) -> CardDAVState {
        var book = CardDAVState.Collection(href: "/book/")
        for (index, name) in names.enumerated() {
            let text =
                index == brokenAt
                ? "BEGIN:VCARD\r\nFN:Broken\r\n"
                : "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u\(index)\r\nFN:\(name)\r\nEND:VCARD\r\n"
            let key = "/book/\(index).vcf"
            book.cards[key] = CardDAVState.Card(href: key, etag: "\"\(index)\"", data: Array(text.utf8))
        }
        var state = CardDAVState()
        state.collections = [book]
        return state
    }

    /// The names of each page delivered, and the problems told.
    private func pages(_ state: CardDAVState, cardsPerRead: Int) -> (pages: [[String]], problems: [String]) {
        var pages: [[String]] = []
        var problems: [String] = []
        CardDAVLoader.deliver(state, source: "dav", cardsPerRead: cardsPerRead) { page in
            if !page.friends.isEmpty { pages.append(page.friends.map(\.name)) }
            problems += page.problems.map(\.description)
        }
        return (pages, problems)
    }

    func testTheCardsGoOutARunAtATimeInTheOrderOfTheirAddresses() {
        let delivered = pages(state(["Ada", "Bob", "Cy", "Di", "Ed"]), cardsPerRead: 2)
        XCTAssertEqual(delivered.pages, [["Ada", "Bob"], ["Cy", "Di"], ["Ed"]])
        XCTAssertEqual(delivered.problems, [])
    }

    func testABrokenCardSendsOnlyItsRunToBeReadCardByCard() {
        let delivered = pages(state(["Ada", "Bob", "Cy", "Di", "Ed"], brokenAt: 2), cardsPerRead: 2)
        XCTAssertEqual(delivered.pages.joined().sorted(), ["Ada", "Bob", "Di", "Ed"])
        XCTAssertEqual(delivered.pages.first, ["Ada", "Bob"], "the run before it read together")
        XCTAssertEqual(delivered.pages.last, ["Ed"], "and the run after it")
        XCTAssertEqual(
            delivered.problems,
            [
                "dav /book/2.vcf: line 1: the card that begins here has no END:VCARD",
                "dav: 1 card that could not be read skipped",
            ])
    }
}
