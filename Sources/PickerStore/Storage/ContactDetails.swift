/// The email addresses and friendship dates of the friends that have any, by friend number,
/// kept beside the packed names.
///
/// Most sources (the Graph API, text) give neither, and their friends pay nothing for it: a
/// friend without details takes no room here, and an empty store is one check per friend read.
/// Address books and the Facebook export fill it.
struct ContactDetails: Sendable {
    /// What one friend has beside its name.
    struct Entry: Hashable, Sendable {
        var emails: [String]
        /// The emails folded for case and accents, each followed by a newline, for the search.
        var foldedEmails: [UInt8]
        var friendsSince: Int64?
    }

    private var entries: [UInt32: Entry] = [:]

    /// Whether no friend has details.
    var isEmpty: Bool { entries.isEmpty }

    /// Whether some friend has an email address.
    private(set) var hasEmails = false

    /// Keeps the details of `friend`, friend number `number`, if it has any.
    mutating func add(_ friend: Friend, number: Int, folding: inout TextFolding) {
        guard !friend.emails.isEmpty || friend.friendsSince != nil else { return }
        var folded: [UInt8] = []
        for email in friend.emails {
            folded += folding.fold(email, .caseAndAccents)
            folded.append(0x0A)
        }
        entries[UInt32(truncatingIfNeeded: number)] = Entry(
            emails: friend.emails, foldedEmails: folded, friendsSince: friend.friendsSince)
        hasEmails = hasEmails || !friend.emails.isEmpty
    }

    /// Takes in the details of `other`, whose friend numbers start at `base` here.
    mutating func append(contentsOf other: ContactDetails, numberedFrom base: Int) {
        guard !other.isEmpty else { return }
        let offset = UInt32(truncatingIfNeeded: base)
        for (number, entry) in other.entries { entries[number + offset] = entry }
        hasEmails = hasEmails || other.hasEmails
    }

    /// `friend`, friend number `number`, with its details filled in.
    func filling(_ friend: Friend, number: Int) -> Friend {
        guard !isEmpty, let entry = entries[UInt32(truncatingIfNeeded: number)] else { return friend }
        var filled = friend
        filled.emails = entry.emails
        filled.friendsSince = entry.friendsSince
        return filled
    }

    /// Whether an email address of friend `number` holds `term`, folded to `strength`.
    func emails(
        of number: Int, contain term: UnsafeBufferPointer<UInt8>, _ strength: TextFolding.Strength,
        folding: inout TextFolding
    ) -> Bool {
        guard let entry = entries[UInt32(truncatingIfNeeded: number)] else { return false }
        if strength == .caseAndAccents {
            return entry.foldedEmails.withUnsafeBufferPointer { bytes($0, contain: term) }
        }
        return entry.emails.contains { email in
            folding.fold(email, strength).withUnsafeBufferPointer { bytes($0, contain: term) }
        }
    }
}
