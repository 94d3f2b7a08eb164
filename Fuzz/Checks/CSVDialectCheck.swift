import Foundation
import PickerKit

/// A contacts CSV written from the input in one of the three dialects (`,`, `;` or tab, chosen
/// by the input's length): each line of the input is a record whose name is its text up to a
/// 0x1F byte and whose notes are the rest (0x1E standing for a line break), every field quoted
/// as RFC 4180 quotes, each with an address of its own. The dialect must be told from the
/// header, the text taken for a contacts CSV, and every record read back: its name (trimmed;
/// the address when it is blank) and its address, whether the bytes come whole or in chunks.
/// Any bytes also give a separator of the three, and never crash the dialect's detection.
package func checkCSVDialect(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let bytes = input.assumingMemoryBound(to: UInt8.self)
    try expect([0x2C, 0x3B, 0x09].contains(ContactsCSV.separator(of: bytes)), "a separator of none of the dialects")
    _ = ContactsCSV.isContactsCSV(bytes)
    guard let text = String(validating: Array(input), as: UTF8.self) else { return }
    let separator = [",", ";", "\t"][input.count % 3]
    func quoted(_ field: String) -> String { "\"" + field.replacing("\"", with: "\"\"") + "\"" }
    var csv = ["Name", "E-mail Address", "Notes"].joined(separator: separator) + "\n"
    var expected: [(name: String, email: String)] = []
    // Cut by scalars: "\r\n" is one Character, and a name must hold no line feed.
    for (number, line) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let parts = line.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(String.UnicodeScalarView(parts[0]))
        let notes = parts.count > 1 ? String(String.UnicodeScalarView(parts[1])).replacing("\u{1E}", with: "\n") : ""
        let email = "contact\(number)@example.org"
        csv += [quoted(name), email, quoted(notes)].joined(separator: separator) + "\n"
        let shown = name.trimmingWhitespace
        expected.append((shown.isEmpty ? email : shown, email))
    }
    let data = Data(csv.utf8)
    let isCSV = data.withUnsafeBytes { ContactsCSV.isContactsCSV($0.bindMemory(to: UInt8.self)) }
    try expect(isCSV, "not told for a contacts CSV: \(csv.debugDescription)")
    try expectTheSameFromWholeAndChunks(
        data, chunkSize: 1 + input.count % 7, source: "fuzz.csv", ContactsCSV.init(source:))
    var reader = ContactsCSV(source: "fuzz.csv")
    var friends: [Friend] = []
    do throws(SourceError) {
        try reader.readAll(.bytes(data), source: "fuzz.csv") { friends += $0.friends }
    } catch {
        throw FuzzFailure(description: "\(error) in \(csv.debugDescription)")
    }
    try expect(
        friends.map(\.name) == expected.map(\.name) && friends.map(\.emails) == expected.map { [$0.email] },
        "read \(friends.map(\.name)) from \(csv.debugDescription), expected \(expected.map(\.name))")
}
