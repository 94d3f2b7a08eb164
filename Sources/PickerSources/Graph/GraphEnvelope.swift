import FoundationEssentials
import Glibc
import PickerStore

extension GraphResponse {
    /// The members of a response body besides `data`: `error`, read leniently, and `paging` and
    /// `summary`, read as the contract says, with what is wrong in them.
    struct Envelope: Decodable {
        var error: GraphError?
        var next: String?
        var announcedTotal: Int?
        /// What in `paging` or `summary` is not as the contract says.
        var problem: String?
        /// Whether the body has a `data` member (not read here: ``FriendsJSON`` reads it).
        var hasData = false

        /// The envelope of `body`, decoded from the members of its top-level object other than
        /// `data`, so that the friends of a large page are not built a second time (Foundation's
        /// decoder would map every value of the array).
        /// - Throws: ``HTTPFailure`` when the top level of `body` is not an object, or is not JSON.
        /// - Complexity: O(n) in the size of `body`, and memory in the size of the other members.
        static func read(_ body: Data) throws(HTTPFailure) -> Envelope {
            let json = FriendsJSON.withoutByteOrderMark(body)
            let read: (members: Data, hasData: Bool)? = json.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                guard let members = JSONTopLevelMembers.members(of: bytes) else { return nil }
                var others = Data("{".utf8)
                var hasData = false
                for member in members {
                    if bytes[member.key].elementsEqual("data".utf8) {
                        hasData = true
                        continue
                    }
                    if others.count > 1 { others.append(UInt8(ascii: ",")) }
                    others.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[member.whole]))
                }
                others.append(UInt8(ascii: "}"))
                return (others, hasData)
            }
            guard let read else {
                let opening = FriendsJSON.opening(of: json)
                throw HTTPFailure(
                    opening == UInt8(ascii: "[")
                        ? "the top level is an array, not a Graph friends page {\"data\": [...]}"
                        : "the top level is not a Graph friends page {\"data\": [...]}")
            }
            do {
                var envelope = try JSONDecoder().decode(Envelope.self, from: read.members)
                envelope.hasData = read.hasData
                return envelope
            } catch {
                throw HTTPFailure("its error, paging or summary cannot be read")
            }
        }

        private enum Keys: String, CodingKey {
            case error, paging, summary
        }
        private enum PagingKeys: String, CodingKey { case next }
        private enum SummaryKeys: String, CodingKey {
            case announcedTotal = "total_count"
        }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: Keys.self)
            error = try? members.decodeIfPresent(GraphError.self, forKey: .error)
            do {
                if try members.contains(.paging) && !members.decodeNil(forKey: .paging) {
                    let paging = try members.nestedContainer(keyedBy: PagingKeys.self, forKey: .paging)
                    next = try paging.decodeIfPresent(String.self, forKey: .next)
                }
            } catch {
                problem = Self.problem(error, reading: "paging.next", as: "text")
                return
            }
            do {
                if try members.contains(.summary) && !members.decodeNil(forKey: .summary) {
                    let summary = try members.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
                    // Read as a Double, as JSON numbers are, so that a fraction is not cut to a
                    // whole number unseen.
                    if let count = try summary.decodeIfPresent(Double.self, forKey: .announcedTotal) {
                        guard count == count.rounded(), count < 0x1p62 else {
                            problem = "summary.total_count is not a whole number"
                            return
                        }
                        guard count >= 0 else {
                            problem = "summary.total_count is below 0 (\(Int(count)))"
                            return
                        }
                        announcedTotal = Int(count)
                    }
                }
            } catch {
                problem = Self.problem(error, reading: "summary.total_count", as: "a number")
            }
        }

        /// What `error`, thrown while reading `member` (which should be `kind`), says is wrong.
        /// A value of the wrong type is named with its path; anything else the decoder cannot
        /// read (a number too large for a Double, a lone surrogate in a string) makes the body
        /// no friends page.
        private static func problem(_ error: any Error, reading member: String, as kind: String) -> String {
            switch error {
            case DecodingError.typeMismatch(let type, let context):
                return "\(path(context.codingPath)) is not \(typeName(type))"
            default:
                return "not a friends page: \(member) cannot be read as \(kind)"
            }
        }

        /// `paging.next`, say.
        private static func path(_ keys: [CodingKey]) -> String {
            keys.map(\.stringValue).joined(separator: ".")
        }

        private static func typeName(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: return "a string"
            case is Double.Type: return "a whole number"
            default: return "an object"
            }
        }
    }
}
