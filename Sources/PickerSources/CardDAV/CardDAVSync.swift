import FoundationEssentials
import PickerStore

/// Brings a ``CardDAVState`` up to date with a CardDAV server, asking only what changed.
///
/// - Discovery (RFC 6764, 5397, 6352), unless the address names a collection:
///   `PROPFIND /.well-known/carddav` (redirects followed within the origin; the server's root
///   when it has none) for `current-user-principal`, then the principal for
///   `addressbook-home-set`, then the home's members (`Depth: 1`) whose `resourcetype` holds
///   `addressbook`. Every address book found is read. The books found are kept with their
///   cards, and a later sync goes straight to them: the server is asked again only when one
///   of them is gone (404, 410, or no address book any more), or with ``rediscovers``.
/// - A book with a sync token: `REPORT sync-collection` (RFC 6578) with it; the hrefs it
///   says changed are fetched, those it says are gone (404) dropped. When the server refuses
///   the token (or the report), the book is compared by etags as on a first sync.
/// - A first sync: the book's sync token (`PROPFIND Depth: 0`), then every card with its etag
///   in one `REPORT addressbook-query` whose empty filter matches them all (Radicale answers it
///   in a third of the time a listing and multigets take). A server that refuses the report,
///   caps its matches (507) or leaves a card's data out gets the etag comparison below for the
///   rest (a `sync-collection` with an empty token is not relied on: some servers refuse it,
///   some send no card data in it).
/// - Comparing etags: `PROPFIND Depth: 1` for every card's etag and the book's sync token,
///   then the cards whose etag is new by `REPORT addressbook-multiget`, ``batchSize`` hrefs at
///   a time.
///
/// A 401 fails the sync as a rejected session, naming the server; any other failure names the
/// server and what it answered, with the secrets cut out (``MessageRedaction``).
struct CardDAVSync {
    let address: CardDAVAddress
    let client: HTTPSending
    /// The `Authorization` header's value, when a password (Basic) or a bearer token is known.
    let authorization: String?
    /// Seconds the whole sync may take; each request gets what is left.
    let deadline: Double
    /// The password or token, cut out of every message.
    var secrets: [String] = []
    /// Whether the address books are found again rather than taken from the state kept.
    var rediscovers = false

    /// How many cards one multiget asks for.
    static let batchSize = 250

    /// The state of the server's books, from `old`: unchanged cards kept, changed ones
    /// fetched, removed ones dropped; books no longer found are dropped.
    func sync(_ old: CardDAVState) throws(SourceError) -> CardDAVState {
        var synced: [String: CardDAVState.Collection] = [:]
        if !address.namesCollection, !rediscovers, !old.collections.isEmpty {
            var state = CardDAVState()
            for collection in old.collections {
                // A book gone sends picker to find the books again; those synced are kept.
                guard let updated = try sync(collection) else { break }
                synced[DAVResponse.key(collection.href)] = updated
                state.collections.append(updated)
            }
            if state.collections.count == old.collections.count { return state }
        }
        var state = CardDAVState()
        for href in try collections() {
            let key = DAVResponse.key(href)
            if let updated = synced[key] {
                state.collections.append(updated)
                continue
            }
            let previous = old.collections.first { DAVResponse.key($0.href) == key }
            guard let updated = try sync(previous ?? CardDAVState.Collection(href: href)) else {
                throw failure("has no address book at \(href.prefix(100)) (it is gone, or no address book)")
            }
            state.collections.append(updated)
        }
        return state
    }

    // MARK: Discovery

    /// The hrefs of the address books to read.
    func collections() throws(SourceError) -> [String] {
        if address.namesCollection { return [address.server.path.isEmpty ? "/" : address.server.absoluteString] }
        let principalQuery = propfind(["<d:current-user-principal/>"])
        var principal: String?
        for start in ["/.well-known/carddav", "/"] {
            guard let url = URL(string: start, relativeTo: address.server)?.absoluteURL else { continue }
            // A server without the well-known address is asked at its root; one that cannot
            // be reached, or refuses the password, fails at once.
            let response = try send(.propfind, url, depth: 0, principalQuery)
            guard response.status == 207, let answer = try? parsed(response, .propfind, url) else { continue }
            principal = answer.responses.lazy.compactMap { $0.hrefIn("current-user-principal") }.first
            if principal != nil { break }
        }
        guard let principal else {
            throw failure("found no current-user-principal at /.well-known/carddav or / (give the address book's path)")
        }
        let homes = try multistatus(.propfind, try url(principal), depth: 0, propfind(["<c:addressbook-home-set/>"]))
        guard let home = homes.responses.lazy.compactMap({ $0.hrefIn("addressbook-home-set") }).first else {
            throw failure("the principal \(principal) has no addressbook-home-set")
        }
        let members = try multistatus(
            .propfind, try url(home), depth: 1, propfind(["<d:resourcetype/>", "<d:displayname/>"]))
        let books = members.responses.filter { $0.properties["resourcetype"]?.child("addressbook") != nil }.map(\.href)
        guard !books.isEmpty else { throw failure("has no address book under \(home)") }
        return books
    }

    // MARK: Syncing one book

    /// The book after a sync; nil when it is gone (404, 410) or no address book any more.
    private func sync(_ collection: CardDAVState.Collection) throws(SourceError) -> CardDAVState.Collection? {
        let url = try url(collection.href)
        if let token = collection.syncToken, let synced = try syncReport(collection, url: url, token: token) {
            return synced
        }
        if collection.cards.isEmpty {
            guard let (read, complete) = try readWhole(collection, url: url) else { return nil }
            if complete { return read }
            return try compareEtags(read, url: url)
        }
        return try compareEtags(collection, url: url)
    }

    /// A book read for the first time: its sync token, asked first so that a change made while
    /// the cards are read is found by the next sync, then every card by an `addressbook-query`
    /// whose empty filter matches all; whether that gave the whole book (not when the server
    /// refused the report, capped its matches with a 507, or left a card's data out); nil when
    /// the server says the book is gone (404, 410) or no address book.
    private func readWhole(_ collection: CardDAVState.Collection, url: URL) throws(SourceError) -> (
        CardDAVState.Collection, complete: Bool
    )? {
        var read = collection
        let own = DAVResponse.key(collection.href)
        guard let listing = try listing(url, depth: 0) else { return nil }
        let book = listing.first { $0.key == own }
        if let book, !Self.isAddressBook(book) { return nil }
        read.syncToken = book.flatMap(Self.syncToken)
        let body =
            #"<?xml version="1.0" encoding="utf-8"?><c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop><c:filter/></c:addressbook-query>"#
        let response = try send(.report, url, depth: 1, body)
        guard response.status == 207 else { return (read, false) }
        let answer = try parsed(response, .report, url)
        var complete = true
        for card in answer.responses {
            if card.key == own {
                complete = complete && card.status.map { (200..<300).contains($0) } ?? true
            } else if !take(card, into: &read) {
                complete = false
            }
        }
        return (read, complete)
    }

    /// The book after a `sync-collection` report from `token`; nil when the server refuses
    /// the token or the report (the etags are compared then).
    private func syncReport(_ collection: CardDAVState.Collection, url: URL, token: String) throws(SourceError)
        -> CardDAVState.Collection?
    {
        let body =
            #"<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>"#
            + DAVXML.escaped(token)
            + "</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"
        let response = try send(.report, url, depth: 0, body)
        // A refused token (403 or 409 with valid-sync-token), or a server without the report.
        guard response.status == 207 else { return nil }
        let answer = try parsed(response, .report, url)
        var updated = collection
        updated.syncToken = answer.syncToken ?? collection.syncToken
        let own = DAVResponse.key(collection.href)
        var changed: [String] = []
        for response in answer.responses where response.key != own {
            if response.status == 404 || (response.properties.isEmpty && response.status != nil) {
                updated.cards[response.key] = nil
            } else if response.properties["getetag"]?.trimmedText != updated.cards[response.key]?.etag
                || response.properties["getetag"] == nil
            {
                changed.append(response.href)
            }
        }
        try fetch(changed, into: &updated, url: url)
        return updated
    }

    /// The book compared by etags with the server's listing: new and changed cards fetched,
    /// removed ones dropped, the sync token taken; nil when the server says it is gone (404,
    /// 410) or no address book.
    private func compareEtags(_ collection: CardDAVState.Collection, url: URL) throws(SourceError)
        -> CardDAVState.Collection?
    {
        guard let listing = try listing(url, depth: 1, ["<d:getetag/>"]) else { return nil }
        let own = DAVResponse.key(collection.href)
        var updated = CardDAVState.Collection(href: collection.href)
        var changed: [String] = []
        for response in listing {
            if response.key == own || response.properties["resourcetype"]?.child("collection") != nil {
                guard response.key == own else { continue }
                guard Self.isAddressBook(response) else { return nil }
                updated.syncToken = Self.syncToken(response)
                continue
            }
            guard let etag = response.properties["getetag"]?.trimmedText else { continue }
            if let card = collection.cards[response.key], card.etag == etag {
                updated.cards[response.key] = card
            } else {
                changed.append(response.href)
            }
        }
        try fetch(changed, into: &updated, url: url)
        return updated
    }

    /// Fetches the cards at `hrefs` by `addressbook-multiget`, ``batchSize`` at a time, into
    /// `collection`; a card the server says is gone is dropped.
    private func fetch(_ hrefs: [String], into collection: inout CardDAVState.Collection, url: URL) throws(SourceError)
    {
        var start = 0
        while start < hrefs.count {
            let batch = hrefs[start..<min(start + Self.batchSize, hrefs.count)]
            start += Self.batchSize
            let body =
                #"<?xml version="1.0" encoding="utf-8"?><c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop>"#
                + batch.map { "<d:href>\(DAVXML.escaped($0))</d:href>" }.joined() + "</c:addressbook-multiget>"
            let answer = try multistatus(.report, url, depth: 0, body)
            var answered = Set<String>()
            for response in answer.responses {
                answered.insert(response.key)
                if !take(response, into: &collection) { collection.cards[response.key] = nil }
            }
            for href in batch where !answered.contains(DAVResponse.key(href)) {
                collection.cards[DAVResponse.key(href)] = nil
            }
        }
    }

    /// The book at `url` and, at `depth` 1, its members, each with its `resourcetype` and
    /// `sync-token` and the `properties` asked besides; nil when the server says the book is
    /// gone (404, 410).
    private func listing(_ url: URL, depth: Int, _ properties: [String] = []) throws(SourceError) -> [DAVResponse]? {
        let query = propfind(properties + ["<d:resourcetype/>", "<d:sync-token/>"])
        let response = try send(.propfind, url, depth: depth, query)
        if response.status == 404 || response.status == 410 { return nil }
        guard response.status == 207 else {
            throw failure("answered PROPFIND \(Self.path(url)) with HTTP \(response.status)")
        }
        return try parsed(response, .propfind, url).responses
    }

    /// Whether the book's own `response` says it is still an address book (or says nothing of
    /// its type).
    private static func isAddressBook(_ response: DAVResponse) -> Bool {
        response.properties["resourcetype"].map { $0.child("addressbook") != nil } ?? true
    }

    /// The sync token in the book's own `response`, when it gives one that is not empty.
    private static func syncToken(_ response: DAVResponse) -> String? {
        guard let token = response.properties["sync-token"]?.trimmedText, !token.isEmpty else { return nil }
        return token
    }

    /// Keeps the card `response` carries in `collection`, with its etag; false when it
    /// carries no card data (or says the card is gone).
    private func take(_ response: DAVResponse, into collection: inout CardDAVState.Collection) -> Bool {
        guard let data = response.properties["address-data"]?.text, response.status != 404 else { return false }
        let etag = response.properties["getetag"]?.trimmedText ?? ""
        collection.cards[response.key] = CardDAVState.Card(href: response.href, etag: etag, data: Array(data.utf8))
        return true
    }

    // MARK: Requests

    /// A `propfind` body asking for `properties` (written with the prefixes `d:` for DAV and
    /// `c:` for CardDAV).
    private func propfind(_ properties: [String]) -> String {
        #"<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop>"#
            + properties.joined() + "</d:prop></d:propfind>"
    }

    /// `href` resolved against the server, which must be on the server's origin: the password
    /// or token goes nowhere else, whatever an answer says.
    private func url(_ href: String) throws(SourceError) -> URL {
        guard let url = URL(string: href, relativeTo: address.server)?.absoluteURL else {
            throw failure("gave an href that is no URL: \(href.prefix(100))")
        }
        guard let origin = HTTPOrigin(url), origin == HTTPOrigin(address.server) else {
            throw failure(
                "sent picker to another origin (\(href.prefix(100))), where the password or token is never sent")
        }
        return url
    }

    /// The responses of a `multistatus` answer to `method` of `url`.
    /// - Throws: ``SourceError`` naming the server when it answers anything else, or as
    ///   ``send(_:_:depth:_:)`` does.
    private func multistatus(_ method: HTTPRequest.Method, _ url: URL, depth: Int, _ body: String) throws(SourceError)
        -> (responses: [DAVResponse], syncToken: String?)
    {
        let response = try send(method, url, depth: depth, body)
        guard response.status == 207 else {
            throw failure("answered \(method.rawValue) \(Self.path(url)) with HTTP \(response.status)")
        }
        return try parsed(response, method, url)
    }

    /// The responses of the `multistatus` document `response` holds.
    private func parsed(_ response: HTTPResponse, _ method: HTTPRequest.Method, _ url: URL) throws(SourceError)
        -> (responses: [DAVResponse], syncToken: String?)
    {
        do throws(DAVXML.Failure) {
            return DAVResponse.all(in: try DAVXML.parse(Array(response.body)))
        } catch {
            throw failure("answered \(method.rawValue) \(Self.path(url)) with what is \(error.problem)")
        }
    }

    /// Sends `method` of `url` with the XML `body` at `depth`, with the password when one is
    /// known, within what is left of the deadline.
    /// - Throws: ``SourceError`` naming the server when it cannot be reached or answers 401
    ///   (a rejected session).
    private func send(_ method: HTTPRequest.Method, _ url: URL, depth: Int, _ body: String) throws(SourceError)
        -> HTTPResponse
    {
        var headers = HTTPHeaders()
        if let authorization { headers.append(name: "Authorization", value: authorization) }
        var request = HTTPRequest(method, url, depth: depth, xml: body, headers: headers)
        let left = deadline - MonotonicClock.seconds()
        guard left > 0 else { throw failure("the sync took longer than --load-timeout allows") }
        request.timeLimit = left
        let response: HTTPResponse
        do throws(HTTPFailure) {
            response = try client.send(request)
        } catch {
            throw failure(error.message)
        }
        if response.status == 401 {
            if authorization?.starts(with: "Bearer ") == true {
                throw failure(
                    "asks who you are (HTTP 401): the bearer token was refused; see --bearer-command",
                    rejectsSession: true)
            }
            let given =
                authorization == nil ? "no password was given (nor found in ~/.netrc)" : "the password was refused"
            throw failure(
                "asks who you are (HTTP 401): \(given); see --user and --password-command", rejectsSession: true)
        }
        return response
    }

    /// The path of `url` as it was written, a trailing slash kept.
    static func path(_ url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
    }

    /// A failure of the sync, naming the server.
    private func failure(_ problem: String, rejectsSession: Bool = false) -> SourceError {
        SourceError(
            source: address.shown, problem: MessageRedaction(secrets: secrets).redacted(problem),
            rejectsSession: rejectsSession)
    }
}
