import PickerSources
import PickerStore

/// What printing friends in a mail client's format comes to: the bytes for standard output,
/// the notes for standard error about what was left out, and the exit status.
package struct MailPrintout: Sendable {
    package var output: [UInt8]
    /// What standard error says of what was left out: how many addresses were not one plain
    /// address (see ``EmailAddress``), naming the source, and how many friends had no address to
    /// print. None for mutt and aerc, whose runs keep standard error for errors (see
    /// ``OutputFormat/isReadByMailClient``).
    package var notes: [String]
    /// ``ExitStatus/printed`` when some address was printed, else ``ExitStatus/nothingToPrint``
    /// (with mutt's message line printed all the same, as `query_command` wants).
    package var status: ExitStatus

    /// The printout of `friends` of `source` in `format`, one of the mail formats or `tel`.
    package init(_ friends: [Friend], format: OutputFormat, print0: Bool, source: FriendSource) {
        output = format.render(friends, print0: print0)
        var withoutAddress = 0
        var passedOver = 0
        for friend in friends {
            let addresses = format.printedValues(of: friend)
            if addresses.printed.isEmpty { withoutAddress += 1 }
            passedOver += addresses.passedOver
        }
        status = friends.count > withoutAddress ? .printed : .nothingToPrint
        notes = []
        guard !format.isReadByMailClient else { return }
        if passedOver > 0 {
            let addresses = passedOver == 1 ? "1 email address" : "\(passedOver) email addresses"
            notes.append(
                "\(source.displayName): \(addresses) left out, not one plain address each (name@domain, without spaces, commas, <, >, quotes or ;)"
            )
        }
        if withoutAddress > 0 {
            notes.append(
                "\(withoutAddress == 1 ? "1 friend" : "\(withoutAddress) friends") without \(format.printedPart == .phoneNumber ? "a phone number" : "an email address") left out"
            )
        }
    }

    /// The printout of what `--filter` found in `source`, in `format`, one of the mail formats
    /// or `tel`.
    package init(_ matches: FilterMatches, format: OutputFormat, print0: Bool, source: FriendSource) {
        switch matches {
        case .friends(let friends): self.init(friends, format: format, print0: print0, source: source)
        case .lines(let lines): self.init(lines.friends, format: format, print0: print0, source: source)
        }
    }

    /// The line that tells mutt that picker failed, as `format` (``OutputFormat/mutt`` or
    /// ``OutputFormat/muttTo``) is read: `picker: ` and what went wrong, on one line (control
    /// characters made visible), which mutt shows as its message; for `mutt-to`, in an `echo`
    /// command (see ``MuttKeys/echo(_:)``).
    static func muttMessage(failure problem: String, format: OutputFormat = .mutt) -> String {
        let message = "picker: " + TerminalText.sanitized(problem)
        return format == .muttTo ? MuttKeys.echo(message) : message
    }

    /// The format of `arguments` when it is one whose output mutt reads (`mutt`, `mutt-to`):
    /// then even a command line that cannot be read is told as mutt wants (see
    /// ``muttMessage(failure:format:)``).
    static func muttFormat(in arguments: [String]) -> OutputFormat? {
        var format: OutputFormat?
        for (index, argument) in arguments.enumerated() {
            if argument.starts(with: "--format=") {
                format = OutputFormat(rawValue: String(argument.dropFirst("--format=".count)))
            } else if argument == "--format", index + 1 < arguments.count {
                format = OutputFormat(rawValue: arguments[index + 1])
            }
        }
        return format == .mutt || format == .muttTo ? format : nil
    }

    /// The line mutt shows above the addresses, or alone when there are none.
    static func muttMessage(addresses: Int) -> String {
        switch addresses {
        case 0: return "picker: no friend with an email address matches"
        case 1: return "picker: 1 address"
        default: return "picker: \(addresses) addresses"
        }
    }
}

extension OutputFormat {
    /// Whether the format prints email addresses for a mail client (`mutt`, `aerc`, `address`,
    /// `mutt-to`).
    package var isForMail: Bool { self == .mutt || self == .aerc || self == .address || self == .muttTo }

    /// What a pick prints of a contact in this format: an email address (the mail formats), a
    /// phone number (`tel`), or the whole contact.
    package var printedPart: ContactPart {
        if isForMail { return .emailAddress }
        return self == .tel ? .phoneNumber : .contact
    }

    /// Whether the format prints one part of a contact (see ``printedPart``): its printout then
    /// says what was left out, and is printed even when nobody has that part.
    package var printsOnePart: Bool { printedPart != .contact }

    /// Whether a mail client runs picker for this format and reads it (`mutt`, `aerc`,
    /// `mutt-to`), rather than a person: standard error is then kept for errors, as mutt does
    /// not capture it and every note would land on its screen at each query (see
    /// ``LaunchPlan/reports(for:)``).
    package var isReadByMailClient: Bool { self == .mutt || self == .aerc || self == .muttTo }

    /// The email addresses of `friend` (the preferred first) that the format prints, only those
    /// that are one plain address (see ``EmailAddress``): every one for mutt and aerc, the first
    /// for `address` and `mutt-to`; its phone numbers for `tel`; none for the other formats; and how many
    /// addresses were passed over for not being one (for `address`, those before the one
    /// printed).
    func printedValues(of friend: Friend) -> (printed: [String], passedOver: Int) {
        let emails = friend.emails
        switch self {
        case .tel:
            return (ContactPart.phoneNumber.choices(of: friend), 0)
        case .mutt, .aerc:
            let printed = emails.filter(EmailAddress.isPlain)
            return (printed, emails.count - printed.count)
        case .address, .muttTo:
            guard let first = emails.firstIndex(where: EmailAddress.isPlain) else { return ([], emails.count) }
            return ([emails[first]], first)
        case .names, .ids, .tsv, .json:
            return ([], 0)
        }
    }
}
