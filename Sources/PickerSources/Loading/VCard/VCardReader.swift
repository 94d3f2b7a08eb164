import PickerStore

/// Reads vCards as friends: version 4.0 (RFC 6350) and 3.0 (RFC 2426) as Google and Apple
/// export them, and 2.1 as Android still does, one card after another.
///
/// Folded lines are unfolded (a line that starts with a space or a tab continues the one
/// before, even inside a multibyte character), and a quoted-printable value goes on past a
/// line that ends in `=`. Only the properties ``VCardProperty/isRead`` says are decoded; photos
/// and every other property are passed over as they are read, never held or decoded. A card
/// inside a card (2.1's `AGENT`) is passed over, and lines that start with `#` (the comments
/// Android writes) are ignored.
///
/// One card never costs the others: a card the reader cannot read (a line that is no
/// property, a value it cannot decode, a `BEGIN:VCARD` before the last card's `END:VCARD`, a
/// file that ends inside a card) is skipped and counted with its first problem's line, and so
/// is a card with neither a name nor an address, and a run of lines outside any card; reading
/// goes on at the next `BEGIN:VCARD`. Only a source of which nothing could be read fails,
/// naming the first problem.
package struct VCardReader: LineReader {
    /// How messages name the source.
    let source: String
    /// The longest value of a property that is decoded.
    static let maximumValueLength = 1 << 20
    /// The most room the pending line keeps from one line to the next (a line longer than that,
    /// a photo's, gives its room back).
    private static let keptCapacity = 1 << 12

    /// The logical line being gathered: its first physical line's number, its bytes (only while
    /// they may be needed), and its head once the colon has been read.
    private var pending: [UInt8] = []
    /// Ids told apart for namesakes of cards without a `UID`.
    private var madeIDs = MadeIDs()
    private var pendingLine = 0
    private var hasPending = false
    /// The head, and where its value starts, while ``hasHead``: kept apart rather than as an
    /// optional pair, which the runtime copied and tested as a generic value, line after line.
    private var head = VCardProperty(name: .other)
    private var valueStart = 0
    private var hasHead = false
    /// Whether the value of the pending line is passed over rather than kept.
    private var passingOver = false
    /// Whether the last physical line of the pending one ended in a quoted-printable soft break.
    private var softBreak = false

    private var card: VCardCard?
    /// How many cards are open inside the current one.
    private var nesting = 0
    /// The first problem of the card being read, which makes it skipped at its end.
    private var cardProblem: SkippedEntry?
    /// The name of the last property read, which tells 2.1's `AGENT` card from a card whose
    /// `END:VCARD` is missing.
    private var lastProperty = VCardProperty.Name.other
    /// Whether lines outside any card are being passed over (counted as one skipped entry)
    /// until the next `BEGIN:VCARD`.
    private var isPassingStrayLines = false

    package init(source: String) {
        self.source = source
    }

    package mutating func read(
        line: UnsafeBufferPointer<UInt8>, number: Int, into pages: inout PageCollector, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        if hasPending {
            if softBreak {
                if !passingOver { pending.removeLast() }
                append(line, into: &pages)
                return
            }
            if line.first == 0x20 || line.first == 0x09 {
                append(UnsafeBufferPointer(rebasing: line.dropFirst()), into: &pages)
                return
            }
            if isBase64Continuation(line) { return }
            finishPending(into: &pages, deliver)
        }
        if line.first == UInt8(ascii: "#") { return }
        hasPending = true
        pendingLine = number
        pending.removeAll(keepingCapacity: pending.capacity <= Self.keptCapacity)
        hasHead = false
        passingOver = false
        append(line, into: &pages)
    }

    package mutating func finish(into pages: inout PageCollector, _ deliver: (FriendPage) -> Void) throws(SourceError) {
        if hasPending { finishPending(into: &pages, deliver) }
        if let card {
            pages.skip(cardProblem ?? SkippedEntry(line: card.firstLine, problem: Self.noEnd))
            self.card = nil
        }
    }

    /// Why a card whose `END:VCARD` never came is skipped.
    private static let noEnd = "the card that begins here has no END:VCARD"

    /// Adds a physical line to the pending line.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, into pages: inout PageCollector) {
        if !passingOver {
            pending += bytes
            if !hasHead, let parsed = pending.withUnsafeBufferPointer({ VCardProperty.parse($0) }) {
                (head, valueStart, hasHead) = (parsed.property, parsed.valueStart, true)
                if !head.isRead {
                    passingOver = true
                    pending.removeAll(keepingCapacity: pending.capacity <= Self.keptCapacity)
                }
            }
            if pending.count > Self.maximumValueLength {
                note(pendingLine, "a property longer than \(Self.maximumValueLength >> 20) MB", into: &pages)
                passingOver = true
                pending = []
            }
        }
        softBreak = hasHead && head.isQuotedPrintable && bytes.last == UInt8(ascii: "=")
    }

    /// Whether `line` goes on with a base64 value that 2.1 wrote without folding: a passed-over
    /// base64 value is pending and the line holds only base64 characters.
    private func isBase64Continuation(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard passingOver, hasHead, head.isBase64, !line.isEmpty else { return false }
        return line.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
                return true
            default:
                return false
            }
        }
    }

    /// Acts on the pending line, which is complete.
    private mutating func finishPending(into pages: inout PageCollector, _ deliver: (FriendPage) -> Void) {
        hasPending = false
        guard hasHead else {
            // A line too long for a property was noted when it passed the limit.
            guard !passingOver, !pending.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return }
            note(pendingLine, card == nil ? "expected BEGIN:VCARD" : "expected a property NAME:VALUE", into: &pages)
            return
        }
        let (property, valueStart) = (head, valueStart)
        if passingOver {
            lastProperty = property.name
            if card == nil { note(pendingLine, "expected BEGIN:VCARD", into: &pages) }
            return
        }
        // The line is held apart while the reader takes its value.
        let line = pending
        do throws(VCardValue.Failure) {
            try line.withUnsafeBufferPointer { (bytes) throws(VCardValue.Failure) in
                try VCardValue.withText(UnsafeBufferPointer(rebasing: bytes[valueStart...]), of: property) {
                    value, tookWindows1252 in
                    if tookWindows1252 { pages.assume(encoding: "Windows-1252") }
                    take(property, value: value, into: &pages, deliver)
                }
            }
        } catch {
            switch error {
            case .notText(let charset):
                note(pendingLine, "\(property.name.rawValue) is not valid \(charset)", into: &pages)
            case .unknownCharset(let charset):
                note(
                    pendingLine, "\(property.name.rawValue) is in CHARSET=\(charset), which picker does not read",
                    into: &pages)
            }
            return
        }
        lastProperty = property.name
    }

    /// Acts on a complete property of the reader's set, its value decoded to UTF-8 text.
    private mutating func take(
        _ property: VCardProperty, value: UnsafeBufferPointer<UInt8>, into pages: inout PageCollector,
        _ deliver: (FriendPage) -> Void
    ) {
        let isCard = (property.name == .begin || property.name == .end) && Self.isVCard(value)
        switch property.name {
        case .begin where isCard:
            if let openLine = card?.firstLine {
                // 2.1 writes an agent's card right after an empty AGENT property; any other
                // card inside a card means the one before lost its END:VCARD.
                if lastProperty == .agent {
                    nesting += 1
                    return
                }
                pages.skip(cardProblem ?? SkippedEntry(line: openLine, problem: Self.noEnd))
            }
            card = VCardCard(firstLine: pendingLine)
            cardProblem = nil
            nesting = 0
            isPassingStrayLines = false
        case .end where isCard:
            if nesting > 0 {
                nesting -= 1
            } else if let finished = card.take() {
                let firstLine = finished.firstLine
                if let cardProblem {
                    pages.skip(cardProblem)
                } else if case (var friend, let made)? = finished.friend() {
                    if let made { friend.id = madeIDs.id(of: friend, made: made) }
                    pages.add(friend, deliver)
                } else {
                    pages.skip(SkippedEntry(line: firstLine, problem: "the card has no name and no address"))
                }
            } else {
                note(pendingLine, "END:VCARD without BEGIN:VCARD", into: &pages)
            }
        default:
            guard card != nil else { return note(pendingLine, "expected BEGIN:VCARD", into: &pages) }
            if nesting == 0 { card?.take(property, value: value) }
        }
    }

    /// Whether the value of a `BEGIN` or an `END` says `VCARD`, in any case, white space around
    /// it, as `trimmingWhitespace.uppercased() == "VCARD"` tells (no other character
    /// upper-cases to those letters alone).
    private static func isVCard(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let word = UnsafeBufferPointer(rebasing: utf8[Whitespace.trimmed(utf8)])
        return word.count == 5 && VCardValue.starts(word, with: "vcard")
    }

    /// Notes `problem` at `line`: the card being read is skipped at its end, or, outside any
    /// card, the lines up to the next `BEGIN:VCARD` are skipped as one entry.
    private mutating func note(_ line: Int, _ problem: String, into pages: inout PageCollector) {
        if card != nil {
            cardProblem = cardProblem ?? SkippedEntry(line: line, problem: problem)
        } else if !isPassingStrayLines {
            isPassingStrayLines = true
            pages.skip(SkippedEntry(line: line, problem: problem))
        }
    }
}
