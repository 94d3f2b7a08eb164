import PickerSources
import PickerStore

/// What a pick prints of a contact: the whole contact, or one of its email addresses or phone
/// numbers, as the output format asks (`--format address`, `mutt`, `aerc`; `--format tel`).
package enum ContactPart: Hashable, Sendable {
    /// The contact as the format prints it: a name, an id, a JSON object.
    case contact
    /// One email address: the one chosen, else the preferred one (the source lists it first).
    case emailAddress
    /// One phone number: the one chosen, else the preferred one.
    case phoneNumber

    /// What `friend` has of this part that may be printed, the preferred first: its email
    /// addresses that are one plain address each (see ``EmailAddress``), or its phone numbers;
    /// empty for ``contact``.
    package func choices(of friend: Friend) -> [String] {
        switch self {
        case .contact: []
        case .emailAddress: friend.emails.filter(EmailAddress.isPlain)
        case .phoneNumber: (friend.card?.phones ?? []).filter { !$0.isEmpty }
        }
    }

    /// What the part is called in messages: "email address", "phone number".
    package var noun: String {
        switch self {
        case .contact: "contact"
        case .emailAddress: "email address"
        case .phoneNumber: "phone number"
        }
    }

    /// `friend` as printed when `value` of this part was picked: that address or number alone.
    package func friend(_ friend: Friend, keeping value: String) -> Friend {
        var kept = friend
        switch self {
        case .contact: break
        case .emailAddress: kept.emails = [value]
        case .phoneNumber:
            var card = kept.card ?? ContactCard()
            card.phones = [value]
            kept.card = card
        }
        return kept
    }
}
