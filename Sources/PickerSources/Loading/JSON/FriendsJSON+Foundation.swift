import FoundationEssentials
import PickerStore

extension FriendsJSON {
    /// The friends in `data`, read by Foundation's decoder: the reference the tests and the fuzz
    /// targets hold ``JSONFriendScanner`` to (the same friends for every document the decoder
    /// reads). No source is read with it: it holds about ten times the document in memory.
    package static func decodeWithFoundation(_ data: Data, source: String) throws(SourceError) -> [Friend] {
        guard let opening = opening(of: data) else {
            throw SourceError(
                source: source, problem: "is empty: expected a friends page {\"data\": [...]} or an array of friends")
        }
        let decoder = JSONDecoder()
        do {
            switch opening {
            case UInt8(ascii: "{"):
                let keys = try listKeys(of: data)
                if keys.edge {
                    return try friends(decoder.decode(EdgePage.self, from: data).friends.data, in: data) { $0.friend }
                }
                switch keys.export {
                case "friends_v2"?:
                    return try friends(decoder.decode(ExportPage.self, from: data).friendsV2, in: data) { $0.friend }
                case "friends"?:
                    return try friends(decoder.decode(OlderExportPage.self, from: data).friends, in: data) { $0.friend }
                default: break
                }
                do {
                    return try friends(decoder.decode(Page.self, from: data).data, in: data) { $0.friend }
                } catch DecodingError.keyNotFound(let key, let context)
                    where context.codingPath.isEmpty && key.stringValue == "data" && keys.otherExportList
                {
                    throw SourceError(source: source, problem: JSONFriendScanner.otherExportFile)
                }
            case UInt8(ascii: "["):
                return try friends(decoder.decode([Lenient<ArrayEntry>].self, from: data), in: data) { $0.friend }
            default:
                throw SourceError(
                    source: source,
                    problem: syntaxProblem(in: data)
                        ?? "the top level must be a friends page {\"data\": [...]} or an array of friends")
            }
        } catch let error as DecodingError {
            throw SourceError(source: source, problem: describe(error, in: data))
        } catch let error as SourceError {
            throw SourceError(source: source, problem: error.problem)
        } catch {
            throw SourceError(source: source, problem: syntaxProblem(in: data) ?? "not a friends page")
        }
    }

    /// The friends of `elements`, each made by `friend` (nil for one passed over), the
    /// elements that are not friends skipped.
    /// - Throws: ``SourceError`` saying what is wrong with the first element skipped, when none
    ///   is a friend.
    private static func friends<Element>(
        _ elements: [Lenient<Element>], in data: Data, _ friend: (Element) -> Friend?
    ) throws -> [Friend] {
        var friends: [Friend] = []
        var problems: [String] = []
        for element in elements {
            switch element.result {
            case .success(let value): if let made = friend(value) { friends.append(made) }
            case .failure(let error as DecodingError): problems.append(describe(error, in: data))
            case .failure:
                // The decoder tells a number it cannot hold (a date that is not a whole number
                // of 64 bits) only at the top: the one number of an entry is its date.
                problems.append("\(location(element.path)).timestamp: expected a whole number")
            }
        }
        if friends.isEmpty, let first = problems.first {
            throw SourceError(source: "", problem: JSONFriendScanner.noneRead(first, problems.count))
        }
        return friends
    }

    /// An element of a list, decoded, or why it is not one; and where it is.
    private struct Lenient<Element: Decodable>: Decodable {
        var result: Result<Element, any Error>
        var path: [CodingKey]

        init(from decoder: Decoder) throws {
            path = decoder.codingPath
            do {
                result = .success(try Element(from: decoder))
            } catch {
                result = .failure(error)
            }
        }
    }

    private struct Page: Decodable {
        var data: [Lenient<Entry>]
    }

    /// A Graph object with its friends edge nested: `{"id": …, "friends": {"data": [...]}}`.
    private struct EdgePage: Decodable {
        var friends: Page
    }

    /// Which list of friends the object `data` holds: whether it is a nested friends edge's,
    /// the key of the Facebook export's (`friends_v2`, or the older `friends`) when it holds
    /// that as an array and no Graph `data` array, and whether it holds the list of another
    /// file of the export. (Read with the decoder, which, unlike `JSONSerialization`, takes
    /// numbers too large for Swift where nothing reads them, as the fast reader does.)
    /// - Throws: when `data` is not a JSON object, or holds more than one list of friends.
    private static func listKeys(of data: Data) throws -> (edge: Bool, export: String?, otherExportList: Bool) {
        let keys = try JSONDecoder().decode(ListKeys.self, from: data)
        let lists = keys.lists
        guard lists.count <= 1 else {
            throw SourceError(
                source: "", problem: "holds more than one list of friends (\(lists.joined(separator: ", ")))")
        }
        let export = lists.first.flatMap { $0 == "data" ? nil : $0 }
        let isEdge = keys.edge && !lists.contains("data") && !lists.contains("friends_v2")
        return (isEdge, isEdge ? nil : export, keys.otherExportList)
    }

    /// Which of the keys that may hold a list of friends hold an array (`friends` also as an
    /// edge's object holding a `data` array).
    private struct ListKeys: Decodable {
        var lists: [String]
        /// Whether `friends` is an object, a nested friends edge.
        var edge: Bool
        var otherExportList: Bool

        /// A friends edge's object, its `data` an array.
        struct Edge: Decodable {
            var data: [Skipped]?
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// Any value, passed over.
        struct Skipped: Decodable {
            init(from decoder: Decoder) throws {}
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let friends = Key(stringValue: "friends")
            edge = (try? container.decode([String: Skipped].self, forKey: friends)) != nil
            let edgeHoldsList = (try? container.decode(Edge.self, forKey: friends))?.data != nil
            lists = ["data", "friends_v2", "friends"].filter { key in
                (try? container.decode([Skipped].self, forKey: Key(stringValue: key))) != nil
                    || (key == "friends" && edgeHoldsList)
            }
            otherExportList = [
                "deleted_friends_v2", "deleted_friends", "received_requests_v2", "received_requests",
                "sent_requests_v2", "sent_requests", "rejected_requests_v2", "rejected_requests", "following_v3",
                "following_v2", "following", "followers_v2", "followers",
            ].contains { container.contains(Key(stringValue: $0)) }
        }
    }

    /// The Facebook export's friends list.
    private struct ExportPage: Decodable {
        var friendsV2: [Lenient<ExportEntry>]

        enum CodingKeys: String, CodingKey {
            case friendsV2 = "friends_v2"
        }
    }

    /// The friends list of older Facebook exports.
    private struct OlderExportPage: Decodable {
        var friends: [Lenient<ExportEntry>]
    }

    private struct ExportEntry: Decodable {
        var name: String
        var timestamp: Int64?

        var friend: Friend { FacebookExport.friend(name: name, timestamp: timestamp) }
    }

    /// An element of a bare array: a friend object, or a string that is a name (numbered from 1
    /// by its place; a blank one passed over).
    private struct ArrayEntry: Decodable {
        var friend: Friend?

        init(from decoder: Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                let number = (decoder.codingPath.last?.intValue ?? 0) + 1
                let trimmed = name.trimmingWhitespace
                friend = trimmed.isEmpty ? nil : Friend(id: String(number), name: trimmed)
            } else {
                friend = try Entry(from: decoder).friend
            }
        }
    }

    private struct Entry: Decodable {
        var friend: Friend

        enum CodingKeys: String, CodingKey {
            case id, name
            case firstName = "first_name"
            case middleName = "middle_name"
            case lastName = "last_name"
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let id: String?
            if let number = try? container.decode(Int64.self, forKey: .id) {
                id = String(number)
            } else {
                id = try container.decodeIfPresent(String.self, forKey: .id)
            }
            let name = try container.decode(String.self, forKey: .name)
            friend = Friend(
                id: id ?? StableID.of([name]), name: name,
                firstName: try container.decodeIfPresent(String.self, forKey: .firstName),
                middleName: try container.decodeIfPresent(String.self, forKey: .middleName),
                lastName: try container.decodeIfPresent(String.self, forKey: .lastName))
        }
    }

    private static func describe(_ error: DecodingError, in data: Data) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(location(context.codingPath)): \"\(key.stringValue)\" is missing"
        case .valueNotFound(let type, let context):
            return "\(location(context.codingPath)): expected \(typeName(type)), found null"
        case .typeMismatch(let type, let context):
            return "\(location(context.codingPath)): expected \(typeName(type))"
        case .dataCorrupted(let context) where context.codingPath.last?.stringValue == "timestamp":
            return "\(location(context.codingPath)): expected a whole number"
        case .dataCorrupted:
            return syntaxProblem(in: data) ?? "not a friends page"
        @unknown default:
            return "not a friends page"
        }
    }

    /// Where and why `data` is not valid JSON, its byte offset given as a line and column;
    /// nil when it is valid.
    private static func syntaxProblem(in data: Data) -> String? {
        guard let problem = data.withUnsafeBytes({ JSONSyntax.problem(in: $0.bindMemory(to: UInt8.self)) }) else {
            return nil
        }
        let place = place(problem.offset, in: data)
        return problem.truncated
            ? "not valid JSON at \(place), the end of the file: \(problem.reason)"
            : "not valid JSON at \(place): \(problem.reason)"
    }

    /// `data[3].name`, say, or `the top level`.
    private static func location(_ path: [CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case _ where String(describing: type).hasPrefix("Array"): return "an array of friends"
        case is Int64.Type: return "a number"
        default: return "an object"
        }
    }
}
