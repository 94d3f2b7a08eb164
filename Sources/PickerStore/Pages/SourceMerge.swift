/// The people of several sources made one friend each: a contact of a later source that is
/// someone an earlier source gave already joins that friend instead of becoming another.
///
/// Two contacts of different sources are one person when they have the same `UID`
/// (``Friend/uid``), or the same name, compared as the search compares it (case and accents
/// folded, spaces between words made one) and an email address in common, compared without
/// case. Two contacts of one source are never made one (an address book that holds a person
/// twice means it), and neither are groups.
///
/// The friend made keeps the id, the name and its parts of the contact taken first; its
/// addresses are the first contact's then the others' not among them, and so are its phones
/// (compared by their digits), categories and sources; a field of the card the first leaves
/// empty (nickname, organisation, title, birthday, note) is filled by the next that has it.
///
/// Only the contacts that another could be found by (a `UID` or an address) are kept here,
/// each found by a look-up of its `UID` or of its name with each address: a source of names
/// alone costs a check each.
package struct SourceMerge {
    /// What became of a contact taken in.
    package enum Outcome: Equatable {
        /// No earlier source gave this person: the contact is a friend of its own.
        case new(Friend)
        /// The contact is the person an earlier source gave, now with what both say: the
        /// friend to put in place of the one delivered under its id.
        case amended(Friend)
    }

    /// The contacts kept, as they stand after every merge.
    private var friends: [Friend] = []
    /// The places of the sources each kept friend was found in.
    private var places: [[Int]] = []
    /// The kept friend of each `UID`, the first given it.
    private var byUID: [String: Int] = [:]
    /// The kept friends of each name and address (see ``keys(_:)``).
    private var byNameAndAddress: [[UInt8]: [Int]] = [:]
    /// The id each contact made one with an earlier friend had in its source, and that
    /// friend's: a group of its source names its members by the ids it knows.
    private(set) var keptIDs: [String: String] = [:]
    private var folding = TextFolding()

    package init() {}

    /// Takes in `contact` of the source whose place (in the order the sources were given) is
    /// `place`.
    /// - Complexity: O(a) on average for a contact of a addresses.
    package mutating func take(_ contact: Friend, fromSource place: Int) -> Outcome {
        guard contact.members == nil, contact.uid != nil || !contact.emails.isEmpty else { return .new(contact) }
        var keys: [[UInt8]]?
        if let index = match(contact, place: place, keys: &keys) {
            let merged = Self.merged(friends[index], contact)
            friends[index] = merged
            places[index].append(place)
            register(contact, as: index, keys: &keys)
            if contact.id != merged.id { keptIDs[contact.id] = merged.id }
            return .amended(merged)
        }
        friends.append(contact)
        places.append([place])
        register(contact, as: friends.count - 1, keys: &keys)
        return .new(contact)
    }

    /// Lets the kept friend `index` be found by the `UID` and the addresses of `contact`, whose
    /// ``keys(_:)`` are `keys` once made.
    private mutating func register(_ contact: Friend, as index: Int, keys: inout [[UInt8]]?) {
        if let uid = contact.uid, byUID[uid] == nil { byUID[uid] = index }
        let made = keys ?? self.keys(contact)
        keys = made
        for key in made where byNameAndAddress[key]?.contains(index) != true {
            byNameAndAddress[key, default: []].append(index)
        }
    }

    /// The id that the contact whose id in its source was `id` goes by: that of the friend it
    /// was made one with, or its own.
    package func keptID(_ id: String) -> String {
        keptIDs[id] ?? id
    }

    /// The kept friend that `contact`, of the source at `place`, is the same person as; nil
    /// when there is none. `keys` is given the contact's ``keys(_:)`` when they were made.
    private mutating func match(_ contact: Friend, place: Int, keys: inout [[UInt8]]?) -> Int? {
        if let uid = contact.uid, let index = byUID[uid], !places[index].contains(place) { return index }
        guard !contact.emails.isEmpty else { return nil }
        let made = self.keys(contact)
        keys = made
        for key in made {
            if let index = byNameAndAddress[key]?.first(where: { !places[$0].contains(place) }) { return index }
        }
        return nil
    }

    /// A key for each address of `contact`: its name as the search compares it (case and
    /// accents folded, its words one space apart), a newline, and the address without case.
    private mutating func keys(_ contact: Friend) -> [[UInt8]] {
        guard !contact.emails.isEmpty else { return [] }
        var name: [UInt8] = []
        for word in contact.name.split(whereSeparator: \.isWhitespace) {
            if !name.isEmpty { name.append(0x20) }
            name += folding.fold(String(word), .caseAndAccents)
        }
        name.append(0x0A)
        return contact.emails.map { name + Array($0.lowercased().utf8) }
    }

    /// `first` with what `other` adds (see ``SourceMerge``).
    static func merged(_ first: Friend, _ other: Friend) -> Friend {
        var merged = first
        merged.emails = joined(first.emails, other.emails) { $0.lowercased() }
        merged.friendsSince = first.friendsSince ?? other.friendsSince
        merged.uid = first.uid ?? other.uid
        merged.sources = joined(first.sources, other.sources) { $0 }
        guard let extra = other.card else { return merged }
        guard var card = first.card else {
            merged.card = extra
            return merged
        }
        card.nickname = card.nickname ?? extra.nickname
        card.organization = card.organization ?? extra.organization
        card.title = card.title ?? extra.title
        card.birthday = card.birthday ?? extra.birthday
        card.note = card.note ?? extra.note
        card.phones = joined(card.phones, extra.phones) { phone in
            let digits = String(phone.filter(\.isWholeNumber))
            return digits.isEmpty ? phone : digits
        }
        card.categories = joined(card.categories, extra.categories) { $0.lowercased() }
        merged.card = card
        return merged
    }

    /// `first`, then the values of `second` whose `key` none before has.
    private static func joined(_ first: [String], _ second: [String], key: (String) -> String) -> [String] {
        var seen = Set(first.map(key))
        var joined = first
        for value in second where seen.insert(key(value)).inserted { joined.append(value) }
        return joined
    }
}
