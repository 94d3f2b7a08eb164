import PickerStore

/// Ids for the contacts of an address book that gives none (a vCard without `UID`, a CSV
/// without an id column): made from the name and the addresses (``StableID``), so that the
/// same contact read again gets the same id. A namesake with the same addresses but other
/// details (another phone, organisation, note…) gets an id made from all of them, so that
/// only a contact written twice alike shares an id, and the list keeps one of it.
struct MadeIDs {
    /// For each id made from a name and addresses, the id made from the whole of the first
    /// contact that was given it.
    private var wholes: [String: String] = [:]

    /// The id of `friend`, whose id was made from its name and addresses.
    mutating func id(of friend: Friend) -> String {
        let whole = StableID.of(Self.details(of: friend))
        guard let first = wholes[friend.id] else {
            wholes[friend.id] = whole
            return friend.id
        }
        return first == whole ? friend.id : whole
    }

    /// Everything a reader keeps of a contact, each list closed by an empty part.
    private static func details(of friend: Friend) -> [String] {
        let card = friend.card
        var parts = [friend.name, friend.firstName ?? "", friend.middleName ?? "", friend.lastName ?? ""]
        parts += friend.emails + [""]
        parts += [card?.nickname, card?.organization, card?.title, card?.birthday, card?.note].map { $0 ?? "" }
        parts += (card?.phones ?? []) + [""] + (card?.categories ?? [])
        return parts
    }
}
