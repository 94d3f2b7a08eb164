import FoundationEssentials
import Glibc

/// The friends a search of a whole source included, in list order.
public enum FilterMatches: Sendable {
    /// Friends read from JSON or a service.
    case friends([Friend])
    /// Lines of plain text, kept as places in the text until they are printed.
    case lines(LineMatches)
}

/// Where the friends of a session come from.
public enum FriendSource: Hashable, Sendable {
    /// A file read by its content (JSON, vCard, a contacts CSV, a Facebook export's `.zip`, or
    /// text with one name per line; see ``SourceFormat``), or a Facebook export's folder.
    case file(String)
    /// Standard input, read by its content as a file is.
    case standardInput
    /// A service speaking the Graph API friends contract, which the session authenticates.
    case url(URL)

    /// The source named on the command line: `-` for standard input, an `http` or `https` URL,
    /// else a file path.
    public init(argument: String) {
        let lowercased = argument.lowercased()
        if lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://"), let url = URL(string: argument) {
            self = .url(url)
        } else {
            self = argument == "-" ? .standardInput : .file(argument)
        }
    }

    /// How messages name this source.
    public var displayName: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "standard input"
        case .url(let url): return GraphEndpoint.redacted(url)
        }
    }

    /// The loader that reads this source; `token` and `timeout` serve URL sources only.
    public func loader(token: String?, timeout: Double) -> FriendLoader {
        switch self {
        case .file(let path): return FileSourceLoader(path: path)
        case .standardInput: return StandardInputLoader()
        case .url(let url): return GraphFriendsLoader(url: url, token: token ?? "", timeout: timeout)
        }
    }

    /// The friends the source holds that `query` includes, in the order of a list sorted by
    /// `sortOrder`: what `--filter` prints; how many friends were left out for an id seen
    /// before; and how many contacts were skipped for having no name. Plain text on standard
    /// input is searched line by line before anything is sorted (its ids, the line numbers,
    /// never repeat).
    /// - Throws: ``SourceError`` when the source fails, even after some friends were read.
    public func friends(
        matching query: String, sortOrder: NameOrder, token: String?, timeout: Double
    ) throws(SourceError) -> (matches: FilterMatches, leftOut: Int, skipped: Int) {
        if self == .standardInput {
            let data = FriendsJSON.withoutByteOrderMark(try StandardInput.readAll())
            if SourceFormat.of(data) == .text {
                return (
                    .lines(
                        try LineFilter.matches(in: data, source: displayName, matching: query, sortOrder: sortOrder)),
                    0,
                    0
                )
            }
            return try Self.matches(of: StandardInputLoader.Preread(data: data), matching: query, sortOrder: sortOrder)
        }
        return try Self.matches(of: loader(token: token, timeout: timeout), matching: query, sortOrder: sortOrder)
    }

    /// Everyone the source holds, in a list sorted by `sortOrder`; and how many friends were
    /// left out for an id seen before.
    /// - Throws: ``SourceError`` when the source fails, even after some friends were read.
    public func list(sortOrder: NameOrder, token: String?, timeout: Double) throws(SourceError) -> (
        list: FriendList, leftOut: Int
    ) {
        try Self.list(of: loader(token: token, timeout: timeout), sortOrder: sortOrder)
    }

    private static func list(of loader: FriendLoader, sortOrder: NameOrder) throws(SourceError) -> (
        list: FriendList, leftOut: Int
    ) {
        var list = FriendList(sortOrder: sortOrder)
        var leftOut = 0
        try loader.load { page in
            leftOut += list.append(FriendBatch(page.friends, sortOrder: sortOrder, skipped: page.skipped))
        }
        return (list, leftOut)
    }

    private static func matches(
        of loader: FriendLoader, matching query: String, sortOrder: NameOrder
    ) throws(SourceError) -> (matches: FilterMatches, leftOut: Int, skipped: Int) {
        let (list, leftOut) = try list(of: loader, sortOrder: sortOrder)
        return (.friends(list.positions(matching: SearchQuery(query)).map { list.friends[$0] }), leftOut, list.skipped)
    }

    /// What standard error says of `skipped` contacts left out for having no name; nil for none.
    public func skippedNote(_ skipped: Int) -> String? {
        guard skipped > 0 else { return nil }
        return "\(displayName): \(skipped == 1 ? "1 contact" : "\(skipped) contacts") without a name skipped"
    }

    /// The friends in the file (or export folder) at `path`.
    /// - Throws: ``SourceError`` when the file is missing, unreadable or malformed.
    static func readFile(_ path: String) throws(SourceError) -> [Friend] {
        var friends: [Friend] = []
        try FileSourceLoader(path: path).load { friends += $0.friends }
        return friends
    }

    /// Friends from what standard input held, read by its content (see ``SourceFormat``): text
    /// is one name per line, numbered from 1 as ids (blank lines skipped).
    static func friends(fromStandardInput data: Data) throws(SourceError) -> [Friend] {
        var friends: [Friend] = []
        try StandardInputLoader.read(data) { friends += $0.friends }
        return friends
    }
}
