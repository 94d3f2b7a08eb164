import Foundation
import PickerKit

/// A card that cannot be read costs only itself: the input read after such a card gives the
/// same friends as the input alone, one more entry skipped, and the broken card named first;
/// when the input alone reads nobody, the two fail alike. (Unless the input's first line would
/// join the broken card's last, or its first line end is a CR alone, which the card's LF would
/// overrule.)
package func checkVCardRecovery(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let bytes = Array(input)
    if let first = bytes.first, first == 0x20 || first == 0x09 || bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return }
    if let end = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }), bytes[end] == 0x0D,
        end + 1 >= bytes.count || bytes[end + 1] != 0x0A
    {
        return
    }
    let broken = Data("BEGIN:VCARD\nFN:Broken\nthis is no property\nEND:VCARD\n".utf8)
    func read(_ data: Data) -> Result<(friends: [Friend], skipped: Int, first: SkippedEntry?), SourceError> {
        var reader = VCardReader(source: "fuzz.vcf")
        var friends: [Friend] = []
        var skipped = 0
        var first: SkippedEntry?
        do throws(SourceError) {
            try reader.readAll(.bytes(data), source: "fuzz.vcf") { page in
                friends += page.friends
                skipped += page.skipped
                first = first ?? page.firstSkipped
            }
            return .success((friends, skipped, first))
        } catch {
            return .failure(error)
        }
    }
    let alone = read(Data(bytes))
    let after = read(broken + Data(bytes))
    let brokenEntry = SkippedEntry(line: 3, problem: "expected a property NAME:VALUE")
    switch (alone, after) {
    case (.success(let alone), .success(let after)):
        try expect(after.friends == alone.friends, "a broken card before changed the friends")
        try expect(after.skipped == alone.skipped + 1, "a broken card before is not counted once")
        try expect(after.first == brokenEntry, "the broken card is not the first skipped")
    case (.success(let alone), .failure(let error)):
        try expect(alone.friends.isEmpty, "a broken card before lost the friends: \(error)")
        try expect(error.problem.hasPrefix("line 3: expected a property NAME:VALUE"), "failed otherwise: \(error)")
    case (.failure, .failure(let error)):
        try expect(error.problem.hasPrefix("line 3: expected a property NAME:VALUE"), "failed otherwise: \(error)")
    case (.failure(let error), .success):
        throw FuzzFailure(description: "read after a broken card, but not alone: \(error)")
    }
}
