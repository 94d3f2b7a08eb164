/// What an address book says of a friend besides the name and the email addresses: what a
/// contact's details show, and where a search looks after the name (the nickname first, then
/// the rest; see ``NameMatch/score``).
public struct ContactCard: Hashable, Sendable {
    /// The name the friend goes by (vCard `NICKNAME`).
    public var nickname: String?
    /// The organisation (vCard `ORG`, a CSV's company).
    public var organization: String?
    /// The job title (vCard `TITLE`).
    public var title: String?
    /// The phone numbers as written, the preferred one first.
    public var phones: [String]
    /// The categories, labels or groups the contact is filed under.
    public var categories: [String]
    /// The birthday as written (`1815-12-10`, `--12-10`).
    public var birthday: String?
    /// The first line of the notes.
    public var note: String?
    /// How the name is read, as the source spells it (vCard `X-PHONETIC-*`, a CSV's phonetic or
    /// yomi columns): the family name's reading first, then the middle and the given names',
    /// a space apart (`やまだ たろう`). A name whose first letter has no section (`山田太郎`) is
    /// sorted and sectioned by its reading, and a search finds it by its reading as by a
    /// nickname.
    public var reading: String?

    public init(
        nickname: String? = nil, organization: String? = nil, title: String? = nil, phones: [String] = [],
        categories: [String] = [], birthday: String? = nil, note: String? = nil, reading: String? = nil
    ) {
        self.nickname = nickname
        self.organization = organization
        self.title = title
        self.phones = phones
        self.categories = categories
        self.birthday = birthday
        self.note = note
        self.reading = reading
    }

    /// Whether the card says nothing.
    public var isEmpty: Bool {
        nickname == nil && organization == nil && title == nil && phones.isEmpty && categories.isEmpty
            && birthday == nil && note == nil && reading == nil
    }

    /// The fields searched after the name and the nickname, in the order shown: the
    /// organisation, the title, the categories, the birthday and the note.
    var searchedFields: [String] {
        var fields: [String] = []
        forEachSearchedField { fields.append($0) }
        return fields
    }

    /// Calls `body` with each of ``searchedFields``, in their order, without an array made
    /// for them.
    func forEachSearchedField(_ body: (String) -> Void) {
        if let organization { body(organization) }
        if let title { body(title) }
        categories.forEach(body)
        if let birthday { body(birthday) }
        if let note { body(note) }
    }
}
