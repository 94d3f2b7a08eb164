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
        case .file(let path): return WholeSourceLoader(source: path) { try Self.readFile(path) }
        case .standardInput:
            return WholeSourceLoader(source: displayName) {
                try Self.friends(fromStandardInput: FileHandle.standardInput.readDataToEndOfFile())
            }
        case .url(let url): return GraphFriendsLoader(url: url, token: token ?? "", timeout: timeout)
        }
    }

    /// The friends in the JSON file at `path`.
    /// - Throws: ``SourceError`` when the file is missing, unreadable or malformed.
    static func readFile(_ path: String) throws -> [Friend] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SourceError(source: path, problem: "no such file")
        }
        if isDirectory.boolValue { throw SourceError(source: path, problem: "is a directory, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceError(source: path, problem: "cannot be read (permission denied?)")
        }
        let json = withoutByteOrderMark(data)
        guard json.contains(where: { !whitespace.contains($0) }) else {
            throw SourceError(source: path, problem: "is empty: expected a friends page {\"data\": [...]} or an array of friends")
        }
        return try FriendsJSON.decode(json, source: path)
    }

    /// The bytes JSON and lines may be surrounded by.
    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]

    /// `data` without the UTF-8 byte-order mark some editors put first.
    static func withoutByteOrderMark(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }

    /// Friends from what standard input held: JSON when it starts with `{` or `[`, else one name
    /// per line, numbered from 1 as ids (blank lines skipped).
    static func friends(fromStandardInput input: Data) throws -> [Friend] {
        let source = FriendSource.standardInput.displayName
        let data = withoutByteOrderMark(input)
        let opening = data.first { !whitespace.contains($0) }
        if opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[") {
            return try FriendsJSON.decode(Data(data), source: source)
        }
        var friends: [Friend] = []
        for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let bytes = line.last == 0x0D ? line.dropLast() : line
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let offset = firstInvalidUTF8Offset(in: bytes) - input.startIndex
                throw SourceError(source: source, problem: "line \(index + 1) is not valid UTF-8 (byte offset \(offset))")
            }
            guard !name.allSatisfy(\.isWhitespace) else { continue }
            friends.append(Friend(id: String(index + 1), name: name))
        }
        return friends
    }

    /// The index in `bytes`' collection of the first byte that does not start or continue a
    /// valid UTF-8 sequence.
    private static func firstInvalidUTF8Offset(in bytes: Data) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = bytes.startIndex
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }
}
