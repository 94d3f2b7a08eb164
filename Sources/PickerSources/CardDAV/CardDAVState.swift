/// What picker keeps of a CardDAV account between runs: each address book's cards as the
/// server sent them, with their etags and the book's sync token, so that the next run shows
/// them at once and asks the server only what changed.
package struct CardDAVState: Hashable, Sendable {
    /// One address-book collection.
    package struct Collection: Hashable, Sendable {
        /// The collection's href, as the server wrote it.
        package var href: String
        /// The token of its last sync (RFC 6578), when the server gave one.
        package var syncToken: String?
        /// Its cards, by href key (``DAVResponse/key``).
        package var cards: [String: Card] = [:]

        package init(href: String, syncToken: String? = nil, cards: [String: Card] = [:]) {
            self.href = href
            self.syncToken = syncToken
            self.cards = cards
        }
    }

    /// One card: its href as the server wrote it, its etag and its vCard text.
    package struct Card: Hashable, Sendable {
        package var href: String
        package var etag: String
        package var data: [UInt8]

        package init(href: String, etag: String, data: [UInt8]) {
            self.href = href
            self.etag = etag
            self.data = data
        }
    }

    /// The collections, in the order they were found.
    package var collections: [Collection] = []
    /// When the state was last synced whole, in seconds since 1970.
    package var savedAt: Int64 = 0

    package init(collections: [Collection] = [], savedAt: Int64 = 0) {
        self.collections = collections
        self.savedAt = savedAt
    }

    /// The number of cards of every collection.
    package var cardCount: Int { collections.reduce(0) { $0 + $1.cards.count } }
}
