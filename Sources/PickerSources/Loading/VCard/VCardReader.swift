import PickerStore

/// Reads vCards as friends: version 4.0 (RFC 6350) and 3.0 (RFC 2426) as Google and Apple
/// export them, and 2.1 as Android still does, one card after another.
///
/// Folded lines are unfolded (a line that starts with a space or a tab continues the one
/// before, even inside a multibyte character), and a quoted-printable value goes on past a
/// line that ends in `=`. Only `BEGIN`, `END`, `FN`, `N`, `UID` and `EMAIL` are decoded;
/// photos and every other property are passed over as they are read, never held or decoded.
/// A card without a name is skipped and counted. A card inside a card (2.1's `AGENT`) is
/// passed over.
package struct VCardReader: LineReader {
    /// How messages name the source.
    let source: String
    /// The longest value of a property that is decoded.
    static let maximumValueLength = 1 << 20

    /// The logical line being gathered: its first physical line's number, its bytes (only while
    /// they may be needed), and its head once the colon has been read.
    private var pending: [UInt8] = []
    private var pendingLine = 0
    private var hasPending = false
    private var head: (property: VCardProperty, valueStart: Int)?
    /// Whether the value of the pending line is passed over rather than kept.
    private var passingOver = false
    /// Whether the last physical line of the pending one ended in a quoted-printable soft break.
    private var softBreak = false

    private var card: VCardCard?
    /// How many cards are open inside the current one.
    private var nesting = 0

    package init(source: String) {
        self.source = source
    }

    package mutating func read(
        line: UnsafeBufferPointer<UInt8>, number: Int, into pages: inout PageCollector, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        if hasPending {
            if softBreak {
                if !passingOver { pending.removeLast() }
                try append(line, number: number)
                return
            }
            if line.first == 0x20 || line.first == 0x09 {
                try append(UnsafeBufferPointer(rebasing: line.dropFirst()), number: number)
                return
            }
            if isBase64Continuation(line) { return }
            try finishPending(into: &pages, deliver)
        }
        hasPending = true
        pendingLine = number
        pending = []
        head = nil
        passingOver = false
        try append(line, number: number)
    }

    package mutating func finish(into pages: inout PageCollector, _ deliver: (FriendPage) -> Void) throws(SourceError) {
        if hasPending { try finishPending(into: &pages, deliver) }
        if let card { throw failure(card.firstLine, "the card that begins here has no END:VCARD") }
    }

    /// Adds physical line `number` to the pending line.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) throws(SourceError) {
        if !passingOver {
            pending += bytes
            if head == nil, let parsed = pending.withUnsafeBufferPointer({ VCardProperty.parse($0) }) {
                head = parsed
                if !VCardProperty.read.contains(parsed.property.name) {
                    passingOver = true
                    pending = []
                }
            }
            guard pending.count <= Self.maximumValueLength else {
                throw failure(pendingLine, "a property longer than \(Self.maximumValueLength >> 20) MB")
            }
        }
        softBreak = head?.property.isQuotedPrintable == true && bytes.last == UInt8(ascii: "=")
    }

    /// Whether `line` goes on with a base64 value that 2.1 wrote without folding: a passed-over
    /// base64 value is pending and the line holds only base64 characters.
    private func isBase64Continuation(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard passingOver, head?.property.isBase64 == true, !line.isEmpty else { return false }
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
    private mutating func finishPending(into pages: inout PageCollector, _ deliver: (FriendPage) -> Void)
        throws(SourceError)
    {
        hasPending = false
        guard let (property, valueStart) = head else {
            guard pending.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
                throw failure(pendingLine, card == nil ? "expected BEGIN:VCARD" : "expected a property NAME:VALUE")
            }
            return
        }
        if passingOver {
            guard card != nil else { throw failure(pendingLine, "expected BEGIN:VCARD") }
            return
        }
        let value: String
        do throws(VCardValue.Failure) {
            value = try pending.withUnsafeBufferPointer { (bytes) throws(VCardValue.Failure) in
                try VCardValue.text(UnsafeBufferPointer(rebasing: bytes[valueStart...]), of: property)
            }
        } catch {
            switch error {
            case .notText(let charset): throw failure(pendingLine, "\(property.name) is not valid \(charset)")
            case .unknownCharset(let charset):
                throw failure(pendingLine, "\(property.name) is in CHARSET=\(charset), which picker does not read")
            }
        }
        try take(property, value: value, into: &pages, deliver)
    }

    /// Acts on a complete property of the reader's set.
    private mutating func take(
        _ property: VCardProperty, value: String, into pages: inout PageCollector, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        let isCard =
            (property.name == "BEGIN" || property.name == "END") && value.trimmingWhitespace.uppercased() == "VCARD"
        switch property.name {
        case "BEGIN" where isCard:
            if card == nil {
                card = VCardCard(firstLine: pendingLine)
            } else {
                nesting += 1
            }
        case "END" where isCard:
            if nesting > 0 {
                nesting -= 1
            } else if let finished = card {
                card = nil
                if let friend = finished.friend {
                    pages.add(friend, deliver)
                } else {
                    pages.skip()
                }
            } else {
                throw failure(pendingLine, "END:VCARD without BEGIN:VCARD")
            }
        default:
            guard card != nil else { throw failure(pendingLine, "expected BEGIN:VCARD") }
            if nesting == 0 { card?.take(property, value: value) }
        }
    }

    private func failure(_ line: Int, _ problem: String) -> SourceError {
        SourceError(source: source, problem: "line \(line): \(problem)")
    }
}
