import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The CardDAV sync against a small server in memory that keeps its cards, etags and a change
/// log, and records what it was asked.
final class CardDAVSyncTests: XCTestCase {
    /// An address book at `/dav/alice/book/`, found from `/.well-known/carddav`, the principal
    /// `/dav/alice/` and the home `/dav/alice/`. (Redirects are the client's, tested with it.)
    private final class Server: HTTPSending, @unchecked Sendable {
        var cards: [String: (etag: String, data: String)] = [:]
        /// The hrefs changed (or removed) at each sync token, from 1.
        var changes: [[String]] = []
        var acceptsTokens = true
        /// Whether `addressbook-query` is answered (else 501), and the most cards it gives
        /// (past them the book's own response says 507).
        var answersQueries = true
        var queryCap = Int.max
        /// Run while a query is answered, after the cards it sends are chosen.
        var duringQuery: (() -> Void)?
        /// The hrefs each multiget asked for.
        private(set) var multigets: [[String]] = []
        var requiredAuthorization: String?
        private(set) var asked: [String] = []
        /// The address book's path; moved by a test, the old path is gone.
        var book = "/dav/alice/book/"

        func put(_ uid: String, _ name: String) {
            let href = book + uid + ".vcf"
            let etag = "\"\(uid)-\(changes.count + 1)\""
            cards[href] = (etag, "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nEND:VCARD\r\n")
            changes.append([href])
        }

        func delete(_ uid: String) {
            cards[book + uid + ".vcf"] = nil
            changes.append([book + uid + ".vcf"])
        }

        var token: String { "http://example/sync/\(changes.count)" }

        func send(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
            let path = URLComponents(url: request.url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? ""
            let body = (try? DAVXML.parse(request.body)) ?? DAVXML(name: "")
            asked.append("\(request.method.rawValue) \(path) \(body.name)")
            if let requiredAuthorization, request.headers["authorization"] != requiredAuthorization {
                return HTTPResponse(status: 401, url: request.url)
            }
            switch (request.method, path) {
            case (.propfind, "/.well-known/carddav"):
                return answer(
                    request,
                    [
                        response(
                            "/dav/", "<d:current-user-principal><d:href>/dav/alice/</d:href></d:current-user-principal>"
                        )
                    ])
            case (.propfind, "/dav/alice/") where request.headers["depth"] == "0":
                return answer(
                    request,
                    [
                        response(
                            "/dav/alice/",
                            "<c:addressbook-home-set><d:href>/dav/alice/</d:href></c:addressbook-home-set>")
                    ])
            case (.propfind, "/dav/alice/"):
                return answer(
                    request,
                    [
                        response("/dav/alice/", "<d:resourcetype><d:collection/></d:resourcetype>"),
                        response(book, "<d:resourcetype><d:collection/><c:addressbook/></d:resourcetype>"),
                        response("/dav/alice/calendar/", "<d:resourcetype><d:collection/></d:resourcetype>"),
                    ])
            case (.propfind, book):
                let own = response(
                    book,
                    "<d:resourcetype><d:collection/><c:addressbook/></d:resourcetype><d:sync-token>\(token)</d:sync-token>"
                )
                guard request.headers["depth"] != "0" else { return answer(request, [own]) }
                return answer(
                    request, [own] + cards.map { response($0.key, "<d:getetag>\($0.value.etag)</d:getetag>") })
            case (.report, book) where body.name == "addressbook-query":
                guard answersQueries else { return HTTPResponse(status: 501, url: request.url) }
                let sent = cards.keys.sorted().prefix(queryCap).map { href in
                    let card = cards[href]!
                    return response(
                        href,
                        "<d:getetag>\(card.etag)</d:getetag><c:address-data>\(DAVXML.escaped(card.data))</c:address-data>"
                    )
                }
                let capped =
                    cards.count > queryCap
                    ? [
                        "<d:response><d:href>\(book)</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status></d:response>"
                    ]
                    : []
                duringQuery?()
                return answer(request, sent + capped)
            case (.report, book) where body.name == "sync-collection":
                let given = body.child("sync-token")?.trimmedText ?? ""
                guard acceptsTokens, given.hasPrefix("http://example/sync/"), let from = Int(given.dropFirst(20)),
                    from <= changes.count
                else {
                    return HTTPResponse(
                        status: 409, body: Data(#"<d:error xmlns:d="DAV:"><d:valid-sync-token/></d:error>"#.utf8),
                        url: request.url)
                }
                let changed = Set(changes[from...].joined())
                let responses = changed.sorted().map { href in
                    cards[href].map { response(href, "<d:getetag>\($0.etag)</d:getetag>") }
                        ?? "<d:response><d:href>\(href)</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>"
                }
                return answer(request, responses, syncToken: token)
            case (.report, book) where body.name == "addressbook-multiget":
                multigets.append(body.all("href").map(\.trimmedText))
                let responses = body.all("href").map(\.trimmedText).map { href in
                    cards[href].map {
                        response(
                            href,
                            "<d:getetag>\($0.etag)</d:getetag><c:address-data>\(DAVXML.escaped($0.data))</c:address-data>"
                        )
                    } ?? "<d:response><d:href>\(href)</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>"
                }
                return answer(request, responses)
            default:
                return HTTPResponse(status: 404, url: request.url)
            }
        }

        private func response(_ href: String, _ properties: String) -> String {
            "<d:response><d:href>\(href)</d:href><d:propstat><d:prop>\(properties)</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
        }

        private func answer(_ request: HTTPRequest, _ responses: [String], syncToken: String? = nil) -> HTTPResponse {
            let token = syncToken.map { "<d:sync-token>\($0)</d:sync-token>" } ?? ""
            let xml =
                #"<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">"#
                + responses.joined() + token + "</d:multistatus>"
            return HTTPResponse(status: 207, body: Data(xml.utf8), url: request.url)
        }
    }

    private let server = Server()

    private func sync(
        _ state: CardDAVState = CardDAVState(), url: String = "carddavs://alice@dav.example/",
        authorization: String? = nil, secrets: [String] = [], rediscovers: Bool = false
    ) throws -> CardDAVState {
        let address = try XCTUnwrap(CardDAVAddress(URL(string: url)!))
        let sync = CardDAVSync(
            address: address, client: server, authorization: authorization, deadline: MonotonicClock.seconds() + 10,
            secrets: secrets, rediscovers: rediscovers)
        return try sync.sync(state)
    }

    private func names(_ state: CardDAVState) -> [String] {
        var friends: [Friend] = []
        CardDAVLoader.deliver(state, source: "dav") { friends += $0.friends }
        return friends.map(\.name).sorted()
    }

    private let discovery = [
        "PROPFIND /.well-known/carddav propfind", "PROPFIND /dav/alice/ propfind", "PROPFIND /dav/alice/ propfind",
    ]

    func testTheFirstSyncFindsTheBookThenReadsItsTokenAndEveryCardInOneQuery() throws {
        server.put("ada", "Ada Lovelace")
        server.put("bob", "Bob Stone")
        let state = try sync()
        XCTAssertEqual(names(state), ["Ada Lovelace", "Bob Stone"])
        XCTAssertEqual(state.collections.map(\.href), [server.book], "the calendar and the home are no address books")
        XCTAssertEqual(state.collections.first?.syncToken, "http://example/sync/2")
        XCTAssertEqual(
            server.asked,
            discovery + ["PROPFIND /dav/alice/book/ propfind", "REPORT /dav/alice/book/ addressbook-query"])
    }

    func testAServerThatRefusesTheQueryIsListedByEtagsAndFetchedByMultiget() throws {
        server.put("ada", "Ada Lovelace")
        server.put("bob", "Bob Stone")
        server.answersQueries = false
        let state = try sync()
        XCTAssertEqual(names(state), ["Ada Lovelace", "Bob Stone"])
        XCTAssertEqual(state.collections.first?.syncToken, "http://example/sync/2")
        XCTAssertEqual(
            server.asked,
            discovery + [
                "PROPFIND /dav/alice/book/ propfind", "REPORT /dav/alice/book/ addressbook-query",
                "PROPFIND /dav/alice/book/ propfind", "REPORT /dav/alice/book/ addressbook-multiget",
            ])
    }

    func testACappedQueryKeepsWhatItGaveAndFetchesOnlyTheRest() throws {
        for (uid, name) in [("ada", "Ada Lovelace"), ("bob", "Bob Stone"), ("cy", "Cy Twombly")] {
            server.put(uid, name)
        }
        server.queryCap = 1
        let state = try sync()
        XCTAssertEqual(names(state), ["Ada Lovelace", "Bob Stone", "Cy Twombly"])
        XCTAssertEqual(server.multigets.map { $0.sorted() }, [[server.book + "bob.vcf", server.book + "cy.vcf"]])
    }

    func testACardChangedWhileTheQueryIsAnsweredIsFoundByTheNextSync() throws {
        server.put("ada", "Ada Lovelace")
        server.duringQuery = { [server] in server.put("bob", "Bob Stone") }
        let first = try sync()
        XCTAssertEqual(names(first), ["Ada Lovelace"])
        server.duringQuery = nil
        XCTAssertEqual(names(try sync(first)), ["Ada Lovelace", "Bob Stone"])
    }

    func testALaterSyncAsksWhatChangedSinceItsToken() throws {
        server.put("ada", "Ada Lovelace")
        server.put("bob", "Bob Stone")
        let first = try sync(url: "carddavs://dav.example/dav/alice/book/")
        server.put("cy", "Cy Twombly")
        server.delete("bob")
        let asked = server.asked.count
        let second = try sync(first, url: "carddavs://dav.example/dav/alice/book/")
        XCTAssertEqual(names(second), ["Ada Lovelace", "Cy Twombly"])
        XCTAssertEqual(
            Array(server.asked[asked...]),
            ["REPORT /dav/alice/book/ sync-collection", "REPORT /dav/alice/book/ addressbook-multiget"],
            "the changed card fetched, the removed one dropped; nothing else asked")
        let third = try sync(second, url: "carddavs://dav.example/dav/alice/book/")
        XCTAssertEqual(third, second, "nothing changed")
        XCTAssertEqual(server.asked.last, "REPORT /dav/alice/book/ sync-collection")
    }

    func testALaterSyncGoesStraightToTheBooksFoundBefore() throws {
        server.put("ada", "Ada Lovelace")
        let first = try sync()
        server.put("bob", "Bob Stone")
        let asked = server.asked.count
        let second = try sync(first)
        XCTAssertEqual(names(second), ["Ada Lovelace", "Bob Stone"])
        XCTAssertEqual(
            Array(server.asked[asked...]),
            ["REPORT /dav/alice/book/ sync-collection", "REPORT /dav/alice/book/ addressbook-multiget"],
            "no discovery")
        let third = try sync(second, rediscovers: true)
        XCTAssertEqual(third, second)
        XCTAssertEqual(
            Array(server.asked[(asked + 2)...]),
            [
                "PROPFIND /.well-known/carddav propfind", "PROPFIND /dav/alice/ propfind",
                "PROPFIND /dav/alice/ propfind", "REPORT /dav/alice/book/ sync-collection",
            ],
            "asked for a fresh look, the books are found again")
    }

    func testABookGoneSendsTheSyncToFindTheBooksAgain() throws {
        server.put("ada", "Ada Lovelace")
        let first = try sync()
        server.book = "/dav/alice/moved/"
        server.cards.removeAll()
        server.put("bob", "Bob Stone")
        let asked = server.asked.count
        let second = try sync(first)
        XCTAssertEqual(names(second), ["Bob Stone"])
        XCTAssertEqual(second.collections.map(\.href), ["/dav/alice/moved/"])
        XCTAssertEqual(
            Array(server.asked[asked...]),
            [
                "REPORT /dav/alice/book/ sync-collection", "PROPFIND /dav/alice/book/ propfind",
                "PROPFIND /.well-known/carddav propfind", "PROPFIND /dav/alice/ propfind",
                "PROPFIND /dav/alice/ propfind", "PROPFIND /dav/alice/moved/ propfind",
                "REPORT /dav/alice/moved/ addressbook-query",
            ])
    }

    func testABookNamedByItsPathThatIsGoneIsAFailure() throws {
        XCTAssertThrowsError(try sync(url: "carddavs://dav.example/dav/alice/nothing/")) { error in
            XCTAssertEqual(
                (error as? SourceError)?.problem,
                "has no address book at https://dav.example/dav/alice/nothing/ (it is gone, or no address book)")
        }
    }

    func testARefusedTokenFallsBackToComparingEtags() throws {
        server.put("ada", "Ada Lovelace")
        server.put("bob", "Bob Stone")
        let first = try sync(url: "carddavs://dav.example/dav/alice/book/")
        server.acceptsTokens = false
        server.put("bob", "Bob Stone-Again")
        let asked = server.asked.count
        let second = try sync(first, url: "carddavs://dav.example/dav/alice/book/")
        XCTAssertEqual(names(second), ["Ada Lovelace", "Bob Stone-Again"])
        XCTAssertEqual(
            Array(server.asked[asked...]),
            [
                "REPORT /dav/alice/book/ sync-collection", "PROPFIND /dav/alice/book/ propfind",
                "REPORT /dav/alice/book/ addressbook-multiget",
            ])
    }

    func testA401IsARejectedSessionNamingTheServer() {
        let cases = [
            (
                "Basic YWxpY2U6c2VjcmV0", "Basic bm9wZQ==",
                "the password was refused; see --user and --password-command"
            ),
            ("Bearer ya29.good-token", "Bearer ya29.wrong-token", "the bearer token was refused; see --bearer-command"),
        ]
        for (required, wrong, said) in cases {
            server.requiredAuthorization = required
            XCTAssertThrowsError(try sync(authorization: wrong)) { error in
                let error = error as? SourceError
                XCTAssertEqual(error?.rejectsSession, true)
                XCTAssertEqual(error?.source, "carddavs://alice@dav.example/")
                XCTAssertEqual(error?.problem, "asks who you are (HTTP 401): " + said)
            }
            XCTAssertNoThrow(try sync(authorization: required))
        }
    }

    func testAnHrefOnAnotherOriginIsNeverAsked() {
        let address = CardDAVAddress(URL(string: "carddavs://alice@dav.example/")!)!
        final class Elsewhere: HTTPSending, @unchecked Sendable {
            var asked: [URL] = []
            func send(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
                asked.append(request.url)
                let xml =
                    #"<d:multistatus xmlns:d="DAV:"><d:response><d:href>/</d:href><d:propstat><d:prop><d:current-user-principal><d:href>https://evil.example/p/ya29.token-of-alice/</d:href></d:current-user-principal></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>"#
                return HTTPResponse(status: 207, body: Data(xml.utf8), url: request.url)
            }
        }
        let server = Elsewhere()
        let sync = CardDAVSync(
            address: address, client: server, authorization: "Bearer ya29.token-of-alice",
            deadline: MonotonicClock.seconds() + 10, secrets: ["ya29.token-of-alice"])
        XCTAssertThrowsError(try sync.sync(CardDAVState())) { error in
            XCTAssertEqual(
                (error as? SourceError)?.problem,
                "sent picker to another origin (https://evil.example/p/REDACTED/), where the password or token is never sent"
            )
        }
        XCTAssertEqual(server.asked.map(\.host), ["dav.example"])
    }

    func testABadCardCostsOnlyItself() throws {
        server.put("ada", "Ada Lovelace")
        server.cards[server.book + "bad.vcf"] = ("\"x\"", "BEGIN:VCARD\r\nFN:Broken\r\n")
        let state = try sync(url: "carddavs://dav.example/dav/alice/book/")
        var friends: [Friend] = []
        var problems: [String] = []
        CardDAVLoader.deliver(state, source: "dav") { page in
            friends += page.friends
            problems += page.problems.map(\.description)
        }
        XCTAssertEqual(friends.map(\.name), ["Ada Lovelace"])
        XCTAssertEqual(
            problems,
            [
                "dav /dav/alice/book/bad.vcf: line 1: the card that begins here has no END:VCARD",
                "dav: 1 card that could not be read skipped",
            ])
    }
}
