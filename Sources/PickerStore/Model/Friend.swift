/// A friend of the session, as the Graph API friends edge describes one.
///
/// `firstName`, `middleName` and `lastName` are the parts the service gave; when it gave none,
/// ``nameParts`` derives them from `name` (the last word is the last name, the first word the
/// first name, anything between the middle name).
public struct Friend: Hashable, Sendable {
    /// The service's identifier, unique within a friend list.
    public var id: String
    /// The full name, as the service spells it.
    public var name: String
    public var firstName: String?
    public var middleName: String?
    public var lastName: String?
    /// The friend's email addresses, the preferred one first; empty when the source gives none
    /// (address books give them, the Graph API and the Facebook export do not).
    public var emails: [String]
    /// When the friendship began, in seconds since 1970 (the Facebook export's `timestamp`);
    /// nil when the source does not say.
    public var friendsSince: Int64?
    /// What an address book says besides the name and the addresses (nickname, organisation,
    /// phones…); nil when the source says nothing more.
    public var card: ContactCard?
    /// For a group (a vCard `KIND:group`, an Apple group card, a label), the ids of its
    /// members; nil for a person.
    public var members: [String]?
    /// The sources the friend was found in, as they were named (`--source`, a URL without its
    /// user, password and token), in the order given; empty when one source was read.
    public var sources: [String] = []
    /// The `UID` its address book gives the contact, when it gives one: with several sources,
    /// the same `UID` in two of them is one friend (see ``SourceMerge``). The reader sets it;
    /// a list does not keep it (the id is the `UID` when there is one).
    package var uid: String?

    public init(
        id: String, name: String, firstName: String? = nil, middleName: String? = nil,
        lastName: String? = nil, emails: [String] = [], friendsSince: Int64? = nil, card: ContactCard? = nil,
        members: [String]? = nil
    ) {
        self.id = id
        self.name = name
        self.firstName = firstName
        self.middleName = middleName
        self.lastName = lastName
        self.emails = emails
        self.friendsSince = friendsSince
        // Moved in, then let go of when empty: a card is not copied on its way.
        self.card = card
        if self.card?.isEmpty == true { self.card = nil }
        self.members = members
    }

    /// First, middle and last name: the given parts, or parts derived from `name` when the
    /// service gave neither a first nor a last name.
    public var nameParts: NameParts {
        if firstName != nil || lastName != nil {
            return NameParts(first: firstName ?? "", middle: middleName ?? "", last: lastName ?? "")
        }
        let words = name.split(whereSeparator: \.isWhitespace).map(String.init)
        switch words.count {
        case 0: return NameParts(first: "", middle: "", last: "")
        case 1: return NameParts(first: words[0], middle: "", last: "")
        default:
            return NameParts(
                first: words[0], middle: words[1..<(words.count - 1)].joined(separator: " "),
                last: words[words.count - 1])
        }
    }
}

/// The three parts of a person's name; a missing part is empty.
public struct NameParts: Hashable, Sendable {
    public var first: String
    public var middle: String
    public var last: String
}
