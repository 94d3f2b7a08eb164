import Glibc

extension JSONFriendScanner {
    /// The object keys the reader knows; any other is ``other``.
    enum Field: Hashable {
        case data, id, name, firstName, middleName, lastName, other
        /// The Facebook export's friends list (`friends_v2`, older `friends`) and its entries' date.
        case friendsV2, friends, timestamp
        /// The list of another file of the Facebook export: removed friends
        /// (`deleted_friends_v2`), friend requests received, sent or rejected
        /// (`received_requests_v2`, ...), follows (`following_v3`, `followers_v2`), in their
        /// current and older spellings.
        case otherExportList

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            func equals(_ word: StaticString) -> Bool {
                guard let start = bytes.baseAddress else { return false }
                return memcmp(start, word.utf8Start, word.utf8CodeUnitCount) == 0
            }
            switch bytes.count {
            case 2 where equals("id"): self = .id
            case 4 where equals("name"): self = .name
            case 4 where equals("data"): self = .data
            case 7 where equals("friends"): self = .friends
            case 9 where equals("last_name"): self = .lastName
            case 9 where equals("timestamp"): self = .timestamp
            case 10 where equals("first_name"): self = .firstName
            case 10 where equals("friends_v2"): self = .friendsV2
            case 11 where equals("middle_name"): self = .middleName
            case 9 where equals("following"), 9 where equals("followers"), 12 where equals("following_v2"),
                12 where equals("following_v3"), 12 where equals("followers_v2"), 13 where equals("sent_requests"),
                15 where equals("deleted_friends"), 16 where equals("sent_requests_v2"),
                17 where equals("received_requests"), 17 where equals("rejected_requests"),
                18 where equals("deleted_friends_v2"), 20 where equals("received_requests_v2"),
                20 where equals("rejected_requests_v2"):
                self = .otherExportList
            default: self = .other
            }
        }

        /// The key as the document spells it.
        var name: String {
            switch self {
            case .data: "data"
            case .id: "id"
            case .name: "name"
            case .firstName: "first_name"
            case .middleName: "middle_name"
            case .lastName: "last_name"
            case .friendsV2: "friends_v2"
            case .friends: "friends"
            case .timestamp: "timestamp"
            case .otherExportList, .other: ""
            }
        }
    }
}
