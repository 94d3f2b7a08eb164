import FoundationEssentials
import Glibc
import PickerStore

/// Where the friends of a session come from.
public enum FriendSource: Hashable, Sendable {
    /// A file read by its content (JSON, vCard, a contacts CSV, a Facebook export's `.zip`, or
    /// text with one name per line), or a Facebook export's folder.
    case file(String)
    /// Standard input, read by its content as a file is.
    case standardInput
    /// A service speaking the Graph API friends contract, which the session authenticates.
    case url(URL)
    /// A CardDAV account's address books, synced: `carddavs://[USER@]HOST[:PORT]/[PATH]`, or
    /// `carddav://` to a loopback address. Without a path the books are found (RFC 6764);
    /// the first sync lists the etags and fetches the cards, later ones ask what changed since
    /// the last sync token (RFC 6578).
    case cardDAV(URL)
    /// Several sources shown as one list (`--source` given more than once), read in the order
    /// given: each friend's id gets its source's place in front (`2:`), a person found in
    /// several is one friend (the same `UID`, or the same name and an address in common), and
    /// a source that fails costs only itself, unless every one does.
    indirect case several([FriendSource])

    /// The source named on the command line: `-` for standard input, an `http` or `https` URL,
    /// a `carddav` or `carddavs` URL, else a file path.
    public init(argument: String) {
        let lowercased = argument.lowercased()
        if CardDAVAddress.isCardDAV(argument), let url = URL(string: argument) {
            self = .cardDAV(url)
        } else if lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://"), let url = URL(string: argument) {
            self = .url(url)
        } else {
            self = argument == "-" ? .standardInput : .file(argument)
        }
    }

    /// `sources` as one source: the one itself when there is only one, else ``several(_:)``.
    public init(combining sources: [FriendSource]) {
        self = sources.count == 1 ? sources[0] : .several(sources)
    }

    /// The sources this one reads: itself, or each of ``several(_:)``.
    public var parts: [FriendSource] {
        if case .several(let sources) = self { return sources }
        return [self]
    }

    /// The URL of the service this source reads, the session's: itself, or the one URL among
    /// several sources (see ``parts``); nil when it reads none.
    public var url: URL? {
        for part in parts { if case .url(let url) = part { return url } }
        return nil
    }

    /// How messages name this source when the session token is not known: a URL without its
    /// `access_token` values, user and password.
    public var displayName: String { displayName(redacting: nil) }

    /// How messages name this source: a URL without its `access_token` values, user and
    /// password, every occurrence of `token` in it (as written or percent-encoded, in its path,
    /// parameters or fragment) replaced by `REDACTED`, and cut to 300 characters.
    package func displayName(redacting token: String?) -> String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "standard input"
        case .url(let url): return MessageRedaction(token: token ?? "").shown(url)
        case .cardDAV(let url): return CardDAVAddress(url)?.shown ?? TerminalText.sanitized(url.absoluteString)
        case .several(let sources): return sources.map { $0.displayName(redacting: token) }.joined(separator: ", ")
        }
    }

    /// How a friend's ``Friend/sources`` names this source: as it was given (`-` for standard
    /// input), a URL without its user, password and `access_token` values, `token` cut out.
    package func givenName(redacting token: String?) -> String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "-"
        case .url(let url): return MessageRedaction(token: token ?? "").shown(url)
        case .cardDAV(let url): return GraphEndpoint.redacted(url)
        case .several(let sources): return sources.map { $0.givenName(redacting: token) }.joined(separator: " ")
        }
    }

    /// The loader that reads this source; `token`, `timeout` (seconds for each request),
    /// `loadTimeout` (seconds for the whole load, every page and retry together) and
    /// `rejectionAdvice` (what a message of a rejected session tells the user to do) serve URL
    /// sources only.
    public func loader(
        token: String?, timeout: Double, loadTimeout: Double = 120, rejectionAdvice: String? = nil
    ) -> FriendLoader {
        loader(token: token, timeout: timeout, loadTimeout: loadTimeout, rejectionAdvice: rejectionAdvice, cardDAV: nil)
    }

    /// The loader that reads this source, as ``loader(token:timeout:loadTimeout:rejectionAdvice:)``
    /// makes it; a CardDAV source reaches its account with `cardDAV` (by default its URL's
    /// user, a password from `~/.netrc`, nothing kept); files and standard input are read as
    /// `input` says (`--input`), or by their content when it is nil.
    package func loader(
        token: String?, timeout: Double, loadTimeout: Double, rejectionAdvice: String?, cardDAV: CardDAVAccess?,
        input: InputFormat? = nil
    ) -> FriendLoader {
        switch self {
        case .file(let path): return FileSourceLoader(path: path, declared: input)
        case .standardInput: return StandardInputLoader(declared: input)
        case .url(let url):
            var loader = GraphFriendsLoader(url: url, token: token ?? "", timeout: timeout)
            loader.loadTimeout = loadTimeout
            if let rejectionAdvice { loader.rejectionAdvice = rejectionAdvice }
            return loader
        case .cardDAV(let url):
            guard let address = CardDAVAddress(url) else {
                return FailingLoader(
                    error: SourceError(
                        source: displayName, problem: "is not a carddav:// or carddavs:// URL with a host"))
            }
            return CardDAVLoader(
                address: address, access: cardDAV ?? CardDAVAccess(), timeout: timeout, loadTimeout: loadTimeout)
        case .several(let sources):
            return SeveralSourcesLoader(
                sources: sources.map { source in
                    (
                        source.givenName(redacting: token),
                        source.loader(
                            token: token, timeout: timeout, loadTimeout: loadTimeout, rejectionAdvice: rejectionAdvice,
                            cardDAV: cardDAV, input: input)
                    )
                })
        }
    }

    /// What standard error says of `skipped` entries left out (see ``FriendPage/skipped``), the
    /// first of them `first`, the source named with `token` cut out (see
    /// ``displayName(redacting:)``); nil for none.
    /// What standard error says when text of the source that was not UTF-8 was read as
    /// `encoding`, the source named with `token` cut out; nil when none was.
    package func encodingNote(_ encoding: String?, redacting token: String? = nil) -> String? {
        encoding.map { "\(displayName(redacting: token)): not UTF-8 throughout: read as \($0) where it is not" }
    }

    package func skippedNote(_ skipped: Int, first: SkippedEntry? = nil, redacting token: String? = nil) -> String? {
        SkippedEntry.note(skipped, first: first).map { "\(displayName(redacting: token)): \($0)" }
    }

    /// Friends from what standard input held, read by its content (see ``SourceFormat``): text
    /// is one name per line, numbered from 1 as ids (blank lines skipped).
    package static func friends(fromStandardInput data: Data) throws(SourceError) -> [Friend] {
        var friends: [Friend] = []
        try StandardInputLoader.read(data) { friends += $0.friends }
        return friends
    }
}

/// A source that fails as soon as it is read, with `error`.
struct FailingLoader: FriendLoader {
    let error: SourceError

    func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        throw error
    }
}
