import Foundation

/// Where the friends of a session come from.
public enum FriendSource: Hashable, Sendable {
    /// A JSON file: a Graph friends page or an array of friends.
    case file(String)
    /// Standard input: JSON as for a file, or plain text with one name per line.
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
        case .file(let path): return JSONFileLoader(path: path)
        case .standardInput: return StandardInputLoader()
        case .url(let url): return GraphFriendsLoader(url: url, token: token ?? "", timeout: timeout)
        }
    }

    /// The friends in the JSON file at `path`.
    /// - Throws: ``SourceError`` when the file is missing, unreadable or malformed.
    static func readFile(_ path: String) throws(SourceError) -> [Friend] {
        var friends: [Friend] = []
        try FriendsJSON.readPages(path: path) { friends += $0 }
        return friends
    }

    /// Whether standard input holds JSON: its first byte that is not white space is `{` or `[`.
    static func looksLikeJSON(_ data: Data) -> Bool {
        let opening = FriendsJSON.opening(of: data)
        return opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[")
    }

    /// Friends from what standard input held: JSON when it starts with `{` or `[`, else one name
    /// per line, numbered from 1 as ids (blank lines skipped).
    static func friends(fromStandardInput data: Data) throws(SourceError) -> [Friend] {
        var friends: [Friend] = []
        try StandardInputLoader.read(data) { friends += $0 }
        return friends
    }
}
