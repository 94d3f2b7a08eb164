import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `--format mutt-to`: one `push` command that types the mailboxes of `--format address` into
/// mutt's `To:` field, read back here as mutt 2.2 reads it (init.c's `mutt_extract_token`,
/// keymap.c's `generic_tokenize_push_string`, enter.c's `<quote-char>`), so that every name,
/// however hostile, is shown to come out as the text typed and nothing else.
final class MuttToFormatTests: XCTestCase {
    /// What mutt does with a pushed key: a function, or a key (a byte, or `<enter>`'s newline).
    private enum Event: Equatable {
        case function(String)
        case key(UInt8)
    }

    /// The functions the format may push; any other `<name>` made of a name's letters fails.
    private static let functions = ["edit-to", "eol", "quote-char"]

    /// The line printed for `friends`, which is UTF-8.
    private func render(_ friends: [Friend], file: StaticString = #filePath, line: UInt = #line) -> String {
        let bytes = OutputFormat.muttTo.render(friends, print0: false)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(Array(text.utf8), bytes, "not UTF-8", file: file, line: line)
        return text
    }

    /// The argument of a `push` line, as `mutt_extract_token` gives it with `MUTT_TOKEN_CONDENSE`;
    /// fails on anything that would expand, run a command, or end the command early.
    private func pushArgument(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> [UInt8]? {
        var rest = Array(line.utf8)
        guard rest.last == 0x0A, rest.dropLast().allSatisfy({ $0 != 0x0A && $0 != 0x0D }) else {
            XCTFail("not one line: \(line)", file: file, line: number)
            return nil
        }
        rest.removeLast()
        guard rest.starts(with: Array("push ".utf8)) else {
            XCTFail("not a push: \(line)", file: file, line: number)
            return nil
        }
        rest.removeFirst(5)
        var token: [UInt8] = []
        var quote: UInt8?
        var index = 0
        while index < rest.count {
            let byte = rest[index]
            if quote == nil, byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "#") || byte == UInt8(ascii: ";") {
                break
            }
            index += 1
            if byte == quote {
                quote = nil
            } else if quote == nil, byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "\\"), quote != UInt8(ascii: "'") {
                guard index < rest.count else { return nil }
                let escaped = rest[index]
                index += 1
                guard !"crntfeE0123456789".utf8.contains(escaped) else {
                    XCTFail("a backslash escape mutt would turn into a key: \(line)", file: file, line: number)
                    return nil
                }
                token.append(escaped)
            } else if byte == UInt8(ascii: "^") {
                guard index < rest.count, rest[index] == UInt8(ascii: "^") else {
                    XCTFail("a ^ mutt would turn into a control key: \(line)", file: file, line: number)
                    return nil
                }
                index += 1
                token.append(byte)
            } else if byte == UInt8(ascii: "`") || byte == UInt8(ascii: "$"), quote != UInt8(ascii: "'") {
                XCTFail("a backtick or $ outside single quotes: \(line)", file: file, line: number)
                return nil
            } else {
                token.append(byte)
            }
        }
        XCTAssertNil(quote, "a quote left open", file: file, line: number)
        XCTAssertEqual(index, rest.count, "more after the argument: \(line)", file: file, line: number)
        return token
    }

    /// The events `push` makes of `string`: read from its end, each `>` with the nearest `<`
    /// before it a key or function name when it names one.
    private func events(_ string: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> [Event] {
        var events: [Event] = []
        var end = string.count - 1
        while end >= 0 {
            if string[end] == UInt8(ascii: ">"), let open = string[...end].lastIndex(of: UInt8(ascii: "<")) {
                let name = String(decoding: string[(open + 1)..<end], as: UTF8.self)
                if name.lowercased() == "enter" {
                    events.append(.key(0x0A))
                    end = open - 1
                    continue
                }
                if Self.functions.contains(name) {
                    events.append(.function(name))
                    end = open - 1
                    continue
                }
                let couldName = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || "-_ ".contains($0) }
                XCTAssertFalse(couldName, "<\(name)> could name a key or a function", file: file, line: line)
            }
            events.append(.key(string[end]))
            end -= 1
        }
        return events.reversed()
    }

    /// The text the `To:` field's editor is given by `events` after `<edit-to><eol>`, each
    /// character behind `<quote-char>` (the other bytes of a UTF-8 character, which no key
    /// binds, after its first), up to the final Enter; nil, failing, for anything else.
    private func typed(_ events: [Event], file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard events.starts(with: [.function("edit-to"), .function("eol")]), events.last == .key(0x0A) else {
            XCTFail("not <edit-to><eol>…<enter>: \(events)", file: file, line: line)
            return nil
        }
        var bytes: [UInt8] = []
        var rest = events.dropFirst(2).dropLast()[...]
        while let function = rest.popFirst() {
            guard function == .function("quote-char"), case .key(let byte)? = rest.popFirst() else {
                XCTFail("not <quote-char> then a key: \(function)", file: file, line: line)
                return nil
            }
            bytes.append(byte)
            while case .key(let next)? = rest.first, next & 0xC0 == 0x80 {
                bytes.append(next)
                rest.removeFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What mutt types into `To:` for the line `friends` are printed as.
    private func typedInMutt(_ friends: [Friend], file: StaticString = #filePath, line: UInt = #line) -> String? {
        pushArgument(render(friends, file: file, line: line), file: file, line: line).flatMap {
            typed(events($0, file: file, line: line), file: file, line: line)
        }
    }

    func testTheLineTypesTheMailboxesAtTheEndOfTo() {
        let friends = [
            Friend(id: "1", name: "Ann Lee", emails: ["ann@home.example", "ann@work.example"]),
            Friend(id: "2", name: "Smith, Jr., Bob", emails: ["bob@example.org"]),
        ]
        XCTAssertEqual(
            render([friends[0]]),
            "push '<edit-to><eol><quote-char>,<quote-char> <quote-char>A<quote-char>n<quote-char>n<quote-char> "
                + "<quote-char>L<quote-char>e<quote-char>e<quote-char> <quote-char><<quote-char>a<quote-char>n"
                + "<quote-char>n<quote-char>@<quote-char>h<quote-char>o<quote-char>m<quote-char>e<quote-char>."
                + "<quote-char>e<quote-char>x<quote-char>a<quote-char>m<quote-char>p<quote-char>l<quote-char>e"
                + "<quote-char>><enter>'\n")
        XCTAssertEqual(typedInMutt(friends), #", Ann Lee <ann@home.example>, "Smith, Jr., Bob" <bob@example.org>"#)
        XCTAssertEqual(
            typedInMutt(friends), ", " + text(.address, friends).split(separator: "\n").joined(separator: ", "))
    }

    func testNobodyWithAnAddressPrintsNothing() {
        XCTAssertEqual(render([Friend(id: "1", name: "Bob")]), "")
        XCTAssertEqual(render([]), "")
        let printout = MailPrintout([Friend(id: "1", name: "Bob")], format: .muttTo, print0: false, source: .file("b"))
        XCTAssertEqual(printout.status, .nothingToPrint)
        XCTAssertEqual(printout.notes, [], "mutt leaves standard error on its screen")
    }

    /// Names holding mutt's quoting, its key names, its functions, its variables, commands run
    /// by backticks or the shell, comments, command separators and control characters are
    /// typed as the `address` format prints them, and nothing else is done.
    func testNoNameBecomesAKeyOrACommand() {
        let names = [
            "O'Brien", #"Say "hi""#, "a;b", "x`touch /tmp/x`", "$(touch /tmp/x)", "$HOME ${HOME}", "# not a comment",
            "<enter>", "<Enter>!<esc>", "a<quote-char>b", "<<quote-char>>", "<edit-to>", "x<", "> <", "^[^Gx^^",
            #"back\slash\"#, #"\n\e\cx\033"#, "line\nbreak", "esc\u{1B}[2J", "bell\u{07}tab\t", "'; exec sh; '",
            "' '", #"'\''"#, "Kari Løye", "Ærøskøbing 👋", "\u{202E}rtl",
        ]
        for name in names {
            let friend = Friend(id: "1", name: name, emails: ["x@example.org"])
            XCTAssertEqual(typedInMutt([friend]), ", " + text(.address, [friend]).dropLast(), name)
        }
        let all = names.enumerated().map { Friend(id: "\($0)", name: $1, emails: ["n\($0)@example.org"]) }
        XCTAssertEqual(typedInMutt(all), ", " + text(.address, all).split(separator: "\n").joined(separator: ", "))
    }

    /// A plain address may hold `'`, `^`, `$`, `` ` ``, `{`, `|` and `#`: each is typed as it is.
    func testAddressesAreTypedAsTheyAre() {
        let address = "o'b^r$i`e{n}|#~&*@example.org"
        XCTAssertTrue(EmailAddress.isPlain(address))
        let friend = Friend(id: "1", name: address, emails: [address])
        XCTAssertEqual(typedInMutt([friend]), ", " + address)
    }

    func testAFailureIsAnEcho() {
        XCTAssertEqual(MuttKeys.echo("picker: it's"), #"echo 'picker: it'\''s'"#)
    }

    private func text(_ format: OutputFormat, _ friends: [Friend]) -> String {
        String(decoding: format.render(friends, print0: false), as: UTF8.self)
    }
}
