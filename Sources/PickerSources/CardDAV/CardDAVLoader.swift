import FoundationEssentials
import PickerStore

/// How picker may reach a CardDAV account and keep its cards: the user, the password or the
/// OAuth bearer token (already obtained, never written anywhere), and where the synced cards
/// are kept.
package struct CardDAVAccess: Hashable, Sendable {
    /// The user, when `--user` names one (else the URL's).
    package var user: String?
    /// The password; nil to let libcurl look in `~/.netrc`.
    package var password: String?
    /// The OAuth bearer token (RFC 6750), sent instead of a password, under the rules of a
    /// Graph source's session: to the source's origin alone, over TLS or to loopback, and cut
    /// out of every message.
    package var bearer: String?
    /// Whether the address books are found again rather than taken from the cards kept
    /// (`--rediscover`).
    package var rediscovers = false
    /// The cache directory the synced cards are kept in; nil to keep nothing.
    package var cacheDirectory: String?
    /// The moment of the run, in seconds since 1970.
    package var now: Int64

    package init(user: String? = nil, password: String? = nil, cacheDirectory: String? = nil, now: Int64 = 0) {
        self.user = user
        self.password = password
        self.cacheDirectory = cacheDirectory
        self.now = now
    }

    /// The store of `address`'s cards, when there is a directory to keep them in and SHA-256
    /// here; a warning when there is a directory but no SHA-256.
    package func store(for address: CardDAVAddress) -> (store: CardDAVStore?, warning: String?) {
        guard let cacheDirectory else { return (nil, nil) }
        do throws(PrivateFileError) {
            return (try CardDAVStore(directory: cacheDirectory, address: address, user: user ?? address.user), nil)
        } catch {
            return (nil, error.description)
        }
    }
}

/// Reads a CardDAV account (see ``CardDAVSync``): the cards kept from the last run are synced
/// with the server, the new state kept, and every card delivered.
package struct CardDAVLoader: FriendLoader {
    let address: CardDAVAddress
    let access: CardDAVAccess
    /// Seconds each request may take.
    let timeout: Double
    /// Seconds the whole sync may take.
    let loadTimeout: Double

    package init(address: CardDAVAddress, access: CardDAVAccess, timeout: Double, loadTimeout: Double) {
        self.address = address
        self.access = access
        self.timeout = timeout
        self.loadTimeout = loadTimeout
    }

    package func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        let (store, warning) = access.store(for: address)
        let kept = store?.read()
        let user = access.user ?? address.user
        var authorization = access.bearer.map { "Bearer " + $0 }
        if let password = access.password, authorization == nil {
            guard let user else {
                throw SourceError(
                    source: address.shown,
                    problem: "a password needs a user: give it in the URL (carddavs://USER@HOST/) or with --user")
            }
            authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        }
        let client: HTTPClient
        do throws(HTTPFailure) {
            var settings = HTTPClient.Settings(
                timeout: timeout, trust: CertificateTrust(environment: ProcessInfo.processInfo.environment))
            settings.readsNetrc = authorization == nil
            client = try HTTPClient(settings: settings)
        } catch {
            throw SourceError(source: address.shown, problem: error.message)
        }
        let sync = CardDAVSync(
            address: address, client: client, authorization: authorization,
            deadline: MonotonicClock.seconds() + loadTimeout,
            secrets: [access.password, access.bearer, authorization?.split(separator: " ").last.map(String.init)]
                .compactMap { $0 },
            rediscovers: access.rediscovers)
        var state = try sync.sync(kept?.state ?? CardDAVState())
        state.savedAt = access.now
        var problems = [kept?.warning, warning].compactMap { $0 }.map {
            SourceError(source: address.shown, problem: $0)
        }
        do throws(PrivateFileError) {
            try store?.write(state)
        } catch {
            problems.append(SourceError(source: address.shown, problem: error.description))
        }
        Self.deliver(state, source: address.shown, problems: problems, deliver)
    }
}

/// Delivers the cards kept from the last sync of a CardDAV account, without asking the server:
/// the list shown at once while the server is asked, or all that `--offline` shows.
package struct CardDAVKeptLoader: FriendLoader {
    let state: CardDAVState
    let source: String

    package init(state: CardDAVState, source: String) {
        self.state = state
        self.source = source
    }

    package func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        CardDAVLoader.deliver(state, source: source, deliver)
    }
}
