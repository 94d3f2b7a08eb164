import PickerStore

/// What one vCard says of a person, gathered as its properties are read, and the friend it
/// makes.
struct VCardCard {
    /// The line of the card's `BEGIN:VCARD`.
    let firstLine: Int
    private var formattedName: String?
    private var nameParts: (family: String, given: String, additional: String)?
    private var uid: String?
    /// The organisation's name: the first component of `ORG`.
    private var organization: String?
    /// Each address with its preference, in the card's order.
    private var emails = PreferredTexts()
    /// The display name of the first address written as a mailbox, `Name <addr>`.
    private var mailboxName: String?
    /// What the card says besides (its `ORG` goes in as ``organization`` when the card ends).
    private var details = ContactCard()
    /// Each phone number with its preference, as the addresses are kept.
    private var phones = PreferredTexts()
    /// Whether the card is a group's: vCard 4's `KIND:group`, or Apple's
    /// `X-ADDRESSBOOKSERVER-KIND:group`.
    private var isGroup = false
    /// A group's members as its `MEMBER` (or Apple's `X-ADDRESSBOOKSERVER-MEMBER`) properties
    /// name them: `urn:uuid:…` of a member's `UID`, most often.
    private var members: [String] = []
    /// The reading of the name's parts, family, middle, given (Apple's and Android's
    /// `X-PHONETIC-LAST-NAME`, `-MIDDLE-NAME`, `-FIRST-NAME`), a part not given empty; nil
    /// until one is given.
    private var phonetic: [String]?
    /// The reading of the family and given names another way: `N`'s `SORT-AS` (4.0), else a
    /// Japanese phone's `SOUND;X-IRMC-N`.
    private var sortAs: [String]?

    init(firstLine: Int) {
        self.firstLine = firstLine
    }

    /// Takes a property the reader decodes, its value decoded to UTF-8 text (escapes still in
    /// it).
    mutating func take(_ property: VCardProperty, value: UnsafeBufferPointer<UInt8>) {
        switch property.name {
        case .formattedName where formattedName == nil:
            formattedName = VCardValue.text(utf8: value)
        case .name where nameParts == nil:
            let parts = VCardValue.nameParts(utf8: value, limit: 3)
            func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
            nameParts = (family: part(0), given: part(1), additional: part(2))
            if let readings = property.sortAs { sortAs = readings }
        case .phoneticLastName, .phoneticMiddleName, .phoneticFirstName:
            let index = [.phoneticLastName, .phoneticMiddleName].firstIndex(of: property.name) ?? 2
            if phonetic == nil { phonetic = ["", "", ""] }
            if phonetic?[index].isEmpty == true { phonetic?[index] = Self.text(value) ?? "" }
        case .sound where property.isNameReading && sortAs == nil:
            sortAs = VCardValue.items(utf8: value, separatedBy: UInt8(ascii: ";"), limit: 2)
        case .organization where organization == nil:
            let name = VCardValue.items(utf8: value, separatedBy: UInt8(ascii: ";"), limit: 1).first
            organization = name.flatMap { $0.isEmpty ? nil : $0 }
        case .nickname where details.nickname == nil:
            details.nickname = Self.list(value).first
        case .title where details.title == nil:
            details.title = Self.text(value)
        case .phone:
            // 4.0 may write a tel: URI.
            var phone = VCardValue.text(utf8: value)
            if Self.isTelURI(phone) { phone = String(phone.dropFirst(4)) }
            guard !phone.isEmpty, !phones.texts.contains(phone) else { return }
            phones.append(phone, preference: property.preference)
        case .categories:
            // Google files every contact it exports under its system group "myContacts".
            for category in Self.list(value) where !details.categories.contains(category) && category != "myContacts" {
                details.categories.append(category)
            }
        case .birthday where details.birthday == nil:
            details.birthday = Self.text(value)
        case .note where details.note == nil:
            details.note = Self.text(value)?.split(whereSeparator: \.isNewline).first.map {
                String($0).trimmingWhitespace
            }
        case .kind, .appleKind:
            isGroup = isGroup || VCardValue.text(utf8: value).lowercased() == "group"
        case .member, .appleMember:
            let member = VCardValue.text(utf8: value)
            if !member.isEmpty, !members.contains(member) { members.append(member) }
        case .uid where uid == nil:
            uid = VCardValue.text(utf8: value)
        case .email:
            var email = VCardValue.text(utf8: value)
            // A mailbox, `Name <addr>`, ends in `>` (the text is trimmed already).
            if email.utf8.last == UInt8(ascii: ">"), let mailbox = EmailAddress.mailbox(email) {
                email = mailbox.address
                mailboxName = mailboxName ?? mailbox.name
            }
            guard !email.isEmpty, !emails.texts.contains(email) else { return }
            emails.append(email, preference: property.preference)
        default:
            break
        }
    }

    /// Whether `phone` starts with `tel:` in any case, as `lowercased().hasPrefix("tel:")`
    /// tells; only a phone whose first bytes are those (no other character lower-cases to one
    /// of them) is lower-cased to tell.
    private static func isTelURI(_ phone: String) -> Bool {
        phone.withUTF8Bytes { VCardValue.starts($0, with: "tel:") } && phone.lowercased().hasPrefix("tel:")
    }

    /// The text `value` unescaped and trimmed; nil when that leaves nothing.
    private static func text(_ value: UnsafeBufferPointer<UInt8>) -> String? {
        let text = VCardValue.text(utf8: value)
        return text.isEmpty ? nil : text
    }

    /// The items of the text `value`, a list separated by commas that no backslash escapes,
    /// each unescaped and trimmed, the empty ones left out.
    private static func list(_ value: UnsafeBufferPointer<UInt8>) -> [String] {
        VCardValue.items(utf8: value, separatedBy: UInt8(ascii: ",")).filter { !$0.isEmpty }
    }

    /// How the name is read (``ContactCard/reading``): its `X-PHONETIC-*` parts, else its
    /// `SORT-AS` or `SOUND;X-IRMC-N`, family name first, a space apart; nil when the card
    /// gives none.
    private var reading: String? {
        let parts = phonetic.flatMap { $0.contains { !$0.isEmpty } ? $0 : nil } ?? sortAs ?? []
        let reading = parts.filter { !$0.isEmpty }.joined(separator: " ")
        return reading.isEmpty ? nil : reading
    }

    /// Whether the card gives its `UID`, the friend's id.
    var hasUID: Bool { uid.map { !$0.isEmpty } ?? false }

    /// The friend this card describes, with its ``ContactCard`` (`NICKNAME`'s first, `ORG`,
    /// `TITLE`, every `TEL` the preferred first, `CATEGORIES`, `BDAY` as written, `NOTE`'s first
    /// line, the name's reading): named by `FN`, else by the given, additional and family
    /// names of `N`, else by the name of the first `EMAIL` written `Name <addr>` (whose address
    /// is taken alone), else by its organisation, else by its preferred address (a contact known
    /// only by its address, as phones and Google's "Other contacts" keep them); identified by
    /// `UID`, else by a hash of its name and addresses; nil when the card gives neither a name
    /// nor an address. A group's card (`KIND:group`, Apple's `X-ADDRESSBOOKSERVER-KIND:group`)
    /// makes a group: its name, its `MEMBER`s (or `X-ADDRESSBOOKSERVER-MEMBER`s) as they name
    /// them, found among the friends by `UID` (see ``FriendList/members(of:)``). `made` is the
    /// hash of a person's id made from the name and addresses, nil when the card gives its `UID`
    /// or is a group's.
    /// The card is used up: its strings are taken out of it, not copied.
    consuming func friend() -> (friend: Friend, made: StableID.Hash?)? {
        let parts = nameParts.take() ?? (family: "", given: "", additional: "")
        var name = formattedName.take() ?? ""
        if name.isEmpty {
            name = [parts.given, parts.additional, parts.family].filter { !$0.isEmpty }.joined(separator: " ")
        }
        let addresses = emails.preferredFirst
        if name.isEmpty { name = mailboxName ?? organization ?? addresses.first ?? "" }
        guard !name.isEmpty else { return nil }
        if isGroup {
            let id = uid.flatMap { $0.isEmpty ? nil : $0 } ?? StableID.of([name] + members)
            return (Friend(id: id, name: name, emails: addresses, members: members), nil)
        }
        let hasParts = !parts.given.isEmpty || !parts.family.isEmpty
        let reading = reading
        var card = ContactCard()
        swap(&card, &details)
        card.organization = organization.take()
        card.phones = phones.preferredFirst
        card.reading = reading
        let uid = uid.take()
        let (id, made) = StableID.Hash.id(given: uid ?? "", name: name, addresses: addresses)
        var friend = Friend(
            id: id, name: name,
            firstName: hasParts && !parts.given.isEmpty ? parts.given : nil,
            middleName: hasParts && !parts.additional.isEmpty ? parts.additional : nil,
            lastName: hasParts && !parts.family.isEmpty ? parts.family : nil, emails: addresses, card: card)
        friend.uid = uid?.isEmpty == false ? uid : nil
        return (friend, made)
    }
}

/// Texts given one after another, each with a preference (a lower one preferred): a card's
/// addresses or phone numbers. The preferences are kept only once one differs from the
/// first's: most cards give none, or the same for every address, and their texts are in
/// their order already.
struct PreferredTexts {
    /// The texts in the order given.
    private(set) var texts: [String] = []
    /// The preference of the first text; every text's while ``preferences`` is nil.
    private var firstPreference = 0
    /// The preference of each text, once one differs from the first's.
    private var preferences: [Int]?

    /// Adds `text`, preferred as `preference` says.
    mutating func append(_ text: String, preference: Int) {
        if texts.isEmpty { firstPreference = preference }
        if preferences == nil, preference != firstPreference {
            preferences = Array(repeating: firstPreference, count: texts.count)
        }
        preferences?.append(preference)
        texts.append(text)
    }

    /// The texts, the most preferred first (a lower preference first, ties in the order given).
    var preferredFirst: [String] {
        guard let preferences else { return texts }
        return texts.indices.sorted { (preferences[$0], $0) < (preferences[$1], $1) }.map { texts[$0] }
    }
}
