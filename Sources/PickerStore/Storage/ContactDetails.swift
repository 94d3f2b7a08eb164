/// What the friends that have any hold besides their names, by friend number, kept beside the
/// packed names: email addresses, the day a friendship began, an address book's card (nickname,
/// organisation, phones…), a group's members and, when several sources were read, the sources
/// of each; with the folded text a search looks in.
///
/// Most sources (the Graph API, text) give none of it, and their friends pay nothing for it: a
/// friend without details takes no room here, and an empty store is one check per friend read.
/// Address books and the Facebook export fill it.
struct ContactDetails: Sendable {
    /// What one friend has beside its name: a reference, so that a list taking in a batch, and
    /// a search looking at a friend, copy one pointer rather than a dozen strings and arrays.
    final class Entry: Sendable {
        let emails: [String]
        /// The emails folded for case and accents, each followed by a newline, for the search.
        let foldedEmails: [UInt8]
        let friendsSince: Int64?
        let card: ContactCard?
        let members: [String]?
        /// The parts of the name the source gives that the name shown does not hold (a card
        /// `FN:Mom` with `N:Smith;Jane` gives Jane and Smith), searched as a nickname is.
        let otherNames: [String]
        /// The nickname and the other names folded for case and accents, each followed by a
        /// newline.
        let foldedNickname: [UInt8]
        /// The other fields searched (``ContactCard/searchedFields``), folded, each followed by a
        /// newline.
        let foldedFields: [UInt8]
        /// The digits of each phone number, each followed by a newline: a number is found by its
        /// digits, its punctuation ignored.
        let phoneDigits: [UInt8]

        init(
            _ friend: Friend, otherNames: [String], foldedEmails: [UInt8], foldedNickname: [UInt8],
            foldedFields: [UInt8], phoneDigits: [UInt8]
        ) {
            emails = friend.emails
            friendsSince = friend.friendsSince
            card = friend.card
            members = friend.members
            self.otherNames = otherNames
            self.foldedEmails = foldedEmails
            self.foldedNickname = foldedNickname
            self.foldedFields = foldedFields
            self.phoneDigits = phoneDigits
        }
    }

    /// The details kept, in the order they were added: a dictionary of them would move every
    /// entry whenever it grew.
    private var entries: [Entry] = []
    /// Where in `entries` the details of each friend number are, plus one; 0 for a friend
    /// without any, as for every number past the end. An array rather than a dictionary: an
    /// address book gives nearly everyone details, and a dictionary of them took four times
    /// the room, and a hash each time a friend's were looked up or added.
    private var slots: [UInt32] = []

    /// The details of friend `number`, if it has any.
    private func entry(_ number: Int) -> Entry? {
        guard number < slots.count else { return nil }
        let slot = slots[number]
        return slot == 0 ? nil : entries[Int(slot) - 1]
    }
    /// The sources each friend was found in, when several were read (see ``Friend/sources``):
    /// apart from the entries, so that one source's friends pay nothing for it.
    private var sources: [UInt32: [String]] = [:]

    /// Whether no friend has details.
    var isEmpty: Bool { entries.isEmpty && sources.isEmpty }

    /// Whether some friend has an email address.
    private(set) var hasEmails = false
    /// Whether some friend has a card, whose fields a search looks in.
    private(set) var hasCards = false
    /// Whether some friend has a nickname, a reading or names besides the one shown.
    private(set) var hasAliases = false
    /// Whether some friend is a group (has members).
    private(set) var hasGroups = false

    /// Whether a search looks in the details: some friend has an email address, a card or
    /// names besides the one shown.
    var isSearched: Bool { hasEmails || hasCards || hasAliases }

    /// Keeps the details of `friend`, friend number `number`, if it has any; returns the mask of
    /// the bytes a search may find in them (see ``ByteMask``), which the friend's name mask is
    /// widened by, so that a term that matches only a card still passes the mask.
    @discardableResult
    mutating func add(_ friend: Friend, number: Int, folding: inout TextFolding) -> UInt32 {
        if !friend.sources.isEmpty { sources[UInt32(truncatingIfNeeded: number)] = friend.sources }
        let otherNames = Self.otherNames(of: friend)
        guard
            !friend.emails.isEmpty || friend.friendsSince != nil || friend.card != nil || friend.members != nil
                || !otherNames.isEmpty
        else { return 0 }
        // A term typed with accents is folded for case only: its bytes of accented letters are
        // not in the folds kept, so any such byte may be found in a card that has any.
        var accented = false
        var (foldedEmails, foldedNickname, foldedFields, phoneDigits): ([UInt8], [UInt8], [UInt8], [UInt8]) = (
            [], [], [], []
        )
        for email in friend.emails {
            accented = Self.appendFolded(email, to: &foldedEmails, folding: &folding) || accented
        }
        Entry.forEachAlias(of: friend.card, otherNames: otherNames) { alias in
            accented = Self.appendFolded(alias, to: &foldedNickname, folding: &folding) || accented
        }
        friend.card?.forEachSearchedField { field in
            accented = Self.appendFolded(field, to: &foldedFields, folding: &folding) || accented
        }
        for phone in friend.card?.phones ?? [] {
            for byte in phone.utf8 where byte &- 0x30 < 10 { phoneDigits.append(byte) }
            phoneDigits.append(0x0A)
        }
        let mask =
            ByteMask.of(foldedEmails) | ByteMask.of(foldedNickname) | ByteMask.of(foldedFields)
            | ByteMask.of(phoneDigits)
        let entry = Entry(
            friend, otherNames: otherNames, foldedEmails: foldedEmails, foldedNickname: foldedNickname,
            foldedFields: foldedFields, phoneDigits: phoneDigits)
        hasEmails = hasEmails || !friend.emails.isEmpty
        hasCards = hasCards || friend.card != nil
        // Every alias left a newline at least.
        hasAliases = hasAliases || !foldedNickname.isEmpty
        hasGroups = hasGroups || friend.members != nil
        // A friend amended by a later source (see ``FriendPage/amended``) has its entry replaced.
        if number < slots.count, slots[number] != 0 {
            entries[Int(slots[number]) - 1] = entry
        } else {
            makeSlots(upTo: number + 1)
            entries.append(entry)
            slots[number] = UInt32(truncatingIfNeeded: entries.count)
        }
        return accented ? mask | ByteMask.nonASCII : mask
    }

    /// Appends `text` folded for case and accents, then a newline, to `output`.
    /// - Returns: whether `text` holds a character that is not ASCII.
    private static func appendFolded(_ text: String, to output: inout [UInt8], folding: inout TextFolding) -> Bool {
        let isASCII = text.withUTF8Bytes { utf8 in
            if !folding.appendFold(utf8, .caseAndAccents, to: &output) {
                output += folding.fold(text, .caseAndAccents)
            }
            return UTF8Text.isASCII(utf8)
        }
        output.append(0x0A)
        return !isASCII
    }

    /// Takes in the details of `other`, whose friend numbers start at `base` here.
    mutating func append(contentsOf other: ContactDetails, numberedFrom base: Int) {
        guard !other.isEmpty else { return }
        if isEmpty, base == 0 {
            self = other
            return
        }
        let offset = UInt32(truncatingIfNeeded: base)
        let moved = UInt32(truncatingIfNeeded: entries.count)
        if !other.slots.isEmpty { makeSlots(upTo: base + other.slots.count) }
        for (number, slot) in other.slots.enumerated() where slot != 0 { slots[base + number] = slot + moved }
        entries += other.entries
        for (number, names) in other.sources { sources[number + offset] = names }
        hasEmails = hasEmails || other.hasEmails
        hasCards = hasCards || other.hasCards
        hasAliases = hasAliases || other.hasAliases
        hasGroups = hasGroups || other.hasGroups
    }

    /// Makes `slots` at least `count` long, the friends added without details.
    private mutating func makeSlots(upTo count: Int) {
        if slots.count < count { slots.append(contentsOf: repeatElement(0, count: count - slots.count)) }
    }

    /// The parts of `friend`'s name its source gives (first, middle, last) that the name shown
    /// does not hold, compared without case: for an address book's contact (one with an
    /// address or a card), whose `FN` may be anything (`Mom`) beside its `N`. A service's
    /// friends, whose parts are their name's, are not looked at (a page read as bytes keeps no
    /// details, and a page of friends must find what it finds).
    static func otherNames(of friend: Friend) -> [String] {
        guard friend.firstName != nil || friend.middleName != nil || friend.lastName != nil,
            !friend.emails.isEmpty || friend.card != nil
        else { return [] }
        // Each part on its own, without an array made of the three.
        var others: [String] = []
        func take(_ part: String?) {
            guard let part, !part.isEmpty, !Self.name(friend.name, holds: part) else { return }
            others.append(part)
        }
        take(friend.firstName)
        take(friend.middleName)
        take(friend.lastName)
        return others
    }

    /// Whether `name` holds `part`, compared lower-cased (byte by byte when both are ASCII, as
    /// `lowercased()` would fold them).
    private static func name(_ name: String, holds part: String) -> Bool {
        // Lower-casing maps each scalar on its own but a capital sigma (final or not), so a part
        // found as it is written is found lower-cased too.
        let heldAsWritten = name.withUTF8Bytes { name in
            let hasSigma = name.indices.dropLast().contains { name[$0] == 0xCE && name[$0 + 1] == 0xA3 }
            return !hasSigma && part.withUTF8Bytes { bytes(name, contain: $0) }
        }
        if heldAsWritten { return true }
        guard name.withUTF8Bytes(UTF8Text.isASCII), part.withUTF8Bytes(UTF8Text.isASCII) else {
            let (shown, lowered) = (name.lowercased(), part.lowercased())
            return shown.withUTF8Bytes { shown in lowered.withUTF8Bytes { bytes(shown, contain: $0) } }
        }
        return name.withUTF8Bytes { name in
            part.withUTF8Bytes { part in
                guard part.count <= name.count else { return false }
                return (0...(name.count - part.count)).contains { start in
                    (0..<part.count).allSatisfy {
                        UTF8Text.lowercasedASCII(name[start + $0]) == UTF8Text.lowercasedASCII(part[$0])
                    }
                }
            }
        }
    }

    /// The categories of every friend that has any, by friend number, in number order.
    func categoriesByNumber() -> [(number: Int, categories: [String])] {
        guard hasCards else { return [] }
        return slots.enumerated().compactMap { number, slot in
            guard slot != 0, let categories = entries[Int(slot) - 1].card?.categories, !categories.isEmpty else {
                return nil
            }
            return (number, categories)
        }
    }

    /// The numbers of the friends that are groups (that have members).
    /// - Complexity: O(1) when none is; else O(n) for n friends up to the last with details.
    func groupNumbers() -> [Int] {
        guard hasGroups else { return [] }
        return slots.enumerated().compactMap { number, slot in
            slot == 0 || entries[Int(slot) - 1].members == nil ? nil : number
        }
    }

    /// `friend`, friend number `number`, with its details filled in.
    func filling(_ friend: Friend, number: Int) -> Friend {
        guard !isEmpty else { return friend }
        var filled = friend
        if !sources.isEmpty { filled.sources = sources[UInt32(truncatingIfNeeded: number)] ?? [] }
        guard let entry = entry(number) else { return filled }
        filled.emails = entry.emails
        filled.friendsSince = entry.friendsSince
        filled.card = entry.card
        filled.members = entry.members
        return filled
    }

    /// Whether an email address of friend `number` holds `term`, folded to `strength`.
    func emails(
        of number: Int, contain term: UnsafeBufferPointer<UInt8>, _ strength: TextFolding.Strength,
        folding: inout TextFolding
    ) -> Bool {
        guard let entry = entry(number) else { return false }
        if strength == .caseAndAccents {
            return entry.foldedEmails.withUnsafeBufferPointer { bytes($0, contain: term) }
        }
        return entry.emails.contains { email in
            folding.fold(email, strength).withUnsafeBufferPointer { bytes($0, contain: term) }
        }
    }

    /// Whether the nickname of friend `number`, its reading, or a part of its name the name
    /// shown does not hold (see ``Entry/otherNames``), holds `term`, folded to `strength`.
    func nickname(
        of number: Int, contains term: UnsafeBufferPointer<UInt8>, _ strength: TextFolding.Strength,
        folding: inout TextFolding
    ) -> Bool {
        guard let entry = entry(number), !entry.foldedNickname.isEmpty else { return false }
        if strength == .caseAndAccents {
            return entry.foldedNickname.withUnsafeBufferPointer { bytes($0, contain: term) }
        }
        return entry.aliases.contains { alias in
            folding.fold(alias, strength).withUnsafeBufferPointer { bytes($0, contain: term) }
        }
    }

    /// Whether a field of the card of friend `number` holds `term`, folded to `strength`; a term
    /// of digits (`digits`, its punctuation taken out, when it is one) is also looked for among
    /// the digits of the phone numbers.
    func fields(
        of number: Int, contain term: UnsafeBufferPointer<UInt8>, _ strength: TextFolding.Strength,
        digits: UnsafeBufferPointer<UInt8>?, folding: inout TextFolding
    ) -> Bool {
        guard let entry = entry(number), let card = entry.card else { return false }
        if let digits, entry.phoneDigits.withUnsafeBufferPointer({ bytes($0, contain: digits) }) { return true }
        if strength == .caseAndAccents {
            return entry.foldedFields.withUnsafeBufferPointer { bytes($0, contain: term) }
        }
        return card.searchedFields.contains { field in
            folding.fold(field, strength).withUnsafeBufferPointer { bytes($0, contain: term) }
        }
    }
}

extension ContactDetails.Entry {
    /// The names a search finds the friend by after its name: the nickname, the forms of its
    /// reading (``NameReading/searchedForms(_:)``), then the other parts of its name.
    var aliases: [String] { Self.aliases(of: card, otherNames: otherNames) }

    /// The aliases of a friend with `card` and the `otherNames` of its name.
    static func aliases(of card: ContactCard?, otherNames: [String]) -> [String] {
        var aliases: [String] = []
        forEachAlias(of: card, otherNames: otherNames) { aliases.append($0) }
        return aliases
    }

    /// Calls `body` with each alias of a friend with `card` and the `otherNames` of its name,
    /// in the order of ``aliases(of:otherNames:)``, without an array made for them.
    static func forEachAlias(of card: ContactCard?, otherNames: [String], _ body: (String) -> Void) {
        if let nickname = card?.nickname { body(nickname) }
        if let reading = card?.reading { NameReading.searchedForms(reading).forEach(body) }
        otherNames.forEach(body)
    }
}
