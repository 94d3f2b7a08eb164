import FoundationEssentials
import PickerStore

extension FacebookExport {
    /// Where an export keeps the contacts its owner uploaded from a phone or a mail account
    /// (`your_address_books.json`), the newest layout first.
    static let addressBookPaths = [
        "personal_information/other_personal_information/your_address_books.json",
        "other_personal_information/your_address_books.json", "about_you/your_address_books.json",
    ]

    /// A contact of the export's address book: a name and the contact points (addresses and
    /// phone numbers) it was uploaded with.
    struct AddressBookContact: Equatable {
        var name: String
        var emails: [String]
        var phones: [String]
    }

    /// The contacts of an export's `your_address_books.json`, `data`:
    /// `{"address_book_v2": {"address_book": [{"name", "details": [{"contact_point"}], …}]}}`
    /// (older exports: `address_book` for `address_book_v2`). Names are repaired as the
    /// friends' are (``repaired(_:)``); a contact point that is one plain address
    /// (``EmailAddress/isPlain(_:)``) is an email, any other a phone number; a contact without a
    /// name is passed over.
    /// - Throws: ``SourceError`` naming `source` when `data` is not such a list.
    static func addressBook(_ data: Data, source: String) throws(SourceError) -> [AddressBookContact] {
        let book: AddressBookFile
        do {
            book = try JSONDecoder().decode(AddressBookFile.self, from: data)
        } catch {
            throw SourceError(
                source: source, problem: "is not an address book {\"address_book_v2\": {\"address_book\": [...]}}")
        }
        return book.entries.compactMap { entry in
            let name = repaired(entry.name ?? "").trimmingWhitespace
            guard !name.isEmpty else { return nil }
            var contact = AddressBookContact(name: name, emails: [], phones: [])
            for detail in entry.details ?? [] {
                guard let point = detail.contactPoint.map({ repaired($0).trimmingWhitespace }), !point.isEmpty else {
                    continue
                }
                if EmailAddress.isPlain(point) {
                    if !contact.emails.contains(point) { contact.emails.append(point) }
                } else if !contact.phones.contains(point) {
                    contact.phones.append(point)
                }
            }
            return contact
        }
    }

    /// `friends` with the contacts of the export's address book: a contact with the name of
    /// exactly one friend gives that friend its addresses and phone numbers; any other contact
    /// with an address or a phone number is a friend of its own, after them, its id made from
    /// its name and contact points.
    static func adding(_ contacts: [AddressBookContact], to friends: [Friend]) -> [Friend] {
        var friends = friends
        var named: [String: Int] = [:]
        var shared: Set<String> = []
        for (index, friend) in friends.enumerated() where named.updateValue(index, forKey: friend.name) != nil {
            shared.insert(friend.name)
        }
        for contact in contacts where !contact.emails.isEmpty || !contact.phones.isEmpty {
            if !shared.contains(contact.name), let index = named[contact.name] {
                var card = friends[index].card ?? ContactCard()
                for email in contact.emails where !friends[index].emails.contains(email) {
                    friends[index].emails.append(email)
                }
                for phone in contact.phones where !card.phones.contains(phone) { card.phones.append(phone) }
                friends[index].card = card.isEmpty ? nil : card
            } else {
                friends.append(
                    Friend(
                        id: StableID.of([contact.name] + contact.emails + contact.phones), name: contact.name,
                        emails: contact.emails, card: ContactCard(phones: contact.phones)))
            }
        }
        return friends
    }

    /// The export's `your_address_books.json`, either shape.
    private struct AddressBookFile: Decodable {
        var entries: [Entry]

        struct Book: Decodable {
            var addressBook: [Entry]

            enum CodingKeys: String, CodingKey {
                case addressBook = "address_book"
            }
        }

        struct Entry: Decodable {
            var name: String?
            var details: [Detail]?
        }

        struct Detail: Decodable {
            var contactPoint: String?

            enum CodingKeys: String, CodingKey {
                case contactPoint = "contact_point"
            }
        }

        enum CodingKeys: String, CodingKey {
            case addressBookV2 = "address_book_v2"
            case addressBook = "address_book"
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let book =
                try container.decodeIfPresent(Book.self, forKey: .addressBookV2)
                ?? container.decode(Book.self, forKey: .addressBook)
            entries = book.addressBook
        }
    }
}
