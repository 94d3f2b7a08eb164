import PickerStore

/// Ids for the contacts of an address book that gives none (a vCard without `UID`, a CSV
/// without an id column): made from the name and the addresses (``StableID``), so that the
/// same contact read again gets the same id. A namesake with the same addresses but other
/// details (another phone, organisation, note…) gets an id made from all of them, so that
/// only a contact written twice alike shares an id, and the list keeps one of it.
struct MadeIDs {
    /// For each id made from a name and addresses (by its hash), the hash of the whole of the
    /// first contact that was given it.
    private var wholes = FirstValues()

    /// The id of `friend`, whose id was made from its name and addresses, by the hash `made`.
    mutating func id(of friend: Friend, made: StableID.Hash) -> String {
        let whole = Self.details(of: friend)
        guard let first = wholes.first(made.value, else: whole.value) else { return friend.id }
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

/// The value first stored under each of many 64-bit hashes: an open-addressed table of key and
/// value side by side, whose slot is found from the key's own bits (it is a hash already) and
/// which is at most half full. A `Dictionary` hashed each key again, and at a million contacts
/// its lookups were a twentieth of the reader's time.
struct FirstValues {
    /// Key and value of each slot, one after the other; a key of 0 marks an empty slot.
    private var slots: [UInt64] = []
    /// How many keys the slots hold.
    private var count = 0
    /// The value stored under the key 0, which cannot be in a slot.
    private var zeroValue: UInt64?

    /// The value stored under `key`; when there is none, `value` is stored under it and nil
    /// returned.
    mutating func first(_ key: UInt64, else value: UInt64) -> UInt64? {
        guard key != 0 else {
            defer { zeroValue = zeroValue ?? value }
            return zeroValue
        }
        if count * 4 >= slots.count { grow() }
        var slot = home(key)
        let mask = slots.count / 2 - 1
        while slots[2 * slot] != 0 {
            if slots[2 * slot] == key { return slots[2 * slot + 1] }
            slot = (slot + 1) & mask
        }
        slots[2 * slot] = key
        slots[2 * slot + 1] = value
        count += 1
        return nil
    }

    /// The slot `key` is looked for from: the high bits of the key scrambled, as many as the
    /// slots' count takes.
    private func home(_ key: UInt64) -> Int {
        let bits = (slots.count / 2).trailingZeroBitCount
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// Doubles the slots (64 at first), the keys moved into them.
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: max(128, 2 * old.count))
        count = 0
        for slot in stride(from: 0, to: old.count, by: 2) where old[slot] != 0 {
            _ = first(old[slot], else: old[slot + 1])
        }
    }
}
