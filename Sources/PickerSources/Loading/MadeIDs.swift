import PickerStore

/// Ids for the contacts of an address book that gives none (a vCard without `UID`, a CSV
/// without an id column): made from the name and the addresses (``StableID``), so that the
/// same contact read again gets the same id. A namesake with the same addresses but other
/// details (another phone, organisation, note…) gets an id made from all of them, so that
/// only a contact written twice alike shares an id, and the list keeps one of it.
struct MadeIDs {
    /// For each id made from a name and addresses (by its hash), the hash of the whole of the
    /// first contact that was given it.
    private var wholes: [UInt64: UInt64] = [:]

    /// The id of `friend`, whose id was made from its name and addresses, by the hash `made`.
    mutating func id(of friend: Friend, made: StableID.Hash) -> String {
        let whole = Self.details(of: friend)
        guard let first = wholes[made.value] else {
            wholes[made.value] = whole.value
            return friend.id
        }
        return first == whole.value ? friend.id : whole.id
    }

    /// The hash of everything a reader keeps of a contact, each list closed by an empty part.
    private static func details(of friend: Friend) -> StableID.Hash {
        var hash = StableID.Hash()
        hash.add(friend.name)
        hash.add(friend.firstName ?? "")
        hash.add(friend.middleName ?? "")
        hash.add(friend.lastName ?? "")
        for email in friend.emails { hash.add(email) }
        hash.add("")
        let card = friend.card
        hash.add(card?.nickname ?? "")
        hash.add(card?.organization ?? "")
        hash.add(card?.title ?? "")
        hash.add(card?.birthday ?? "")
        hash.add(card?.note ?? "")
        for phone in card?.phones ?? [] { hash.add(phone) }
        hash.add("")
        for category in card?.categories ?? [] { hash.add(category) }
        return hash
    }
}
