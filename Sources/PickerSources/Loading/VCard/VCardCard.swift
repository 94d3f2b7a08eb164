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
    /// Each address with its preference and its place among the card's addresses.
    private var emails: [(email: String, preference: Int, order: Int)] = []

    init(firstLine: Int) {
        self.firstLine = firstLine
    }

    /// Takes a property the reader decodes, its value decoded to text (escapes still in it).
    mutating func take(_ property: VCardProperty, value: String) {
        switch property.name {
        case "FN" where formattedName == nil:
            formattedName = VCardValue.unescaped(value[...]).trimmingWhitespace
        case "N" where nameParts == nil:
            let parts = VCardValue.components(value[...], separatedBy: ";").map { component in
                VCardValue.components(component, separatedBy: ",")
                    .map { VCardValue.unescaped($0).trimmingWhitespace }
                    .filter { !$0.isEmpty }.joined(separator: " ")
            }
            func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
            nameParts = (family: part(0), given: part(1), additional: part(2))
        case "ORG" where organization == nil:
            let name = VCardValue.components(value[...], separatedBy: ";").first.map {
                VCardValue.unescaped($0).trimmingWhitespace
            }
            organization = name.flatMap { $0.isEmpty ? nil : $0 }
        case "UID" where uid == nil:
            uid = VCardValue.unescaped(value[...]).trimmingWhitespace
        case "EMAIL":
            let email = VCardValue.unescaped(value[...]).trimmingWhitespace
            guard !email.isEmpty, !emails.contains(where: { $0.email == email }) else { return }
            emails.append((email, property.preference, emails.count))
        default:
            break
        }
    }

    /// The friend this card describes: named by `FN`, else by the given, additional and family
    /// names of `N`, else by its organisation, else by its preferred address (a contact known
    /// only by its address, as phones and Google's "Other contacts" keep them); identified by
    /// `UID`, else by a hash of its name and addresses; nil when the card gives neither a name
    /// nor an address.
    var friend: Friend? {
        let parts = nameParts ?? (family: "", given: "", additional: "")
        var name = formattedName ?? ""
        if name.isEmpty {
            name = [parts.given, parts.additional, parts.family].filter { !$0.isEmpty }.joined(separator: " ")
        }
        let addresses = emails.sorted { ($0.preference, $0.order) < ($1.preference, $1.order) }.map(\.email)
        if name.isEmpty { name = organization ?? addresses.first ?? "" }
        guard !name.isEmpty else { return nil }
        let hasParts = !parts.given.isEmpty || !parts.family.isEmpty
        return Friend(
            id: uid.flatMap { $0.isEmpty ? nil : $0 } ?? StableID.of([name] + addresses), name: name,
            firstName: hasParts && !parts.given.isEmpty ? parts.given : nil,
            middleName: hasParts && !parts.additional.isEmpty ? parts.additional : nil,
            lastName: hasParts && !parts.family.isEmpty ? parts.family : nil, emails: addresses)
    }
}
