/// What printing friends in a mail client's format comes to: the bytes for standard output,
/// a note for standard error about friends without an address, and the exit status.
public struct MailPrintout: Sendable {
    public var output: [UInt8]
    /// Says how many friends were left out for having no email address; nil when none were.
    public var note: String?
    /// ``ExitStatus/printed`` when some address was printed, else ``ExitStatus/nothingToPrint``
    /// (with mutt's message line printed all the same, as `query_command` wants).
    public var status: ExitStatus

    /// The printout of `friends` in `format`, one of the mail formats.
    public init(_ friends: [Friend], format: OutputFormat, print0: Bool) {
        output = format.render(friends, print0: print0)
        let withoutEmail = friends.count { $0.emails.isEmpty }
        note =
            withoutEmail == 0
            ? nil : "\(withoutEmail == 1 ? "1 friend" : "\(withoutEmail) friends") without an email address left out"
        status = friends.count > withoutEmail ? .printed : .nothingToPrint
    }

    /// The printout of what `--filter` found, in `format`, one of the mail formats.
    public init(_ matches: FilterMatches, format: OutputFormat, print0: Bool) {
        switch matches {
        case .friends(let friends): self.init(friends, format: format, print0: print0)
        case .lines(let lines): self.init(lines.friends, format: format, print0: print0)
        }
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
    /// Whether the format prints email addresses for a mail client (`mutt`, `aerc`, `address`).
    public var isForMail: Bool { self == .mutt || self == .aerc || self == .address }
}
