import Foundation
import PickerKit

/// What standard input holds (JSON, vCard, a contacts CSV or one name per line, told by its
/// content) is read into friends or refused with a `SourceError` naming standard input; never a
/// crash. Text is also searched the way `--filter` searches it, which must find what the list
/// finds.
package func checkStandardInput(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let data = Data(input)
    try expectFriendsOrSourceError(source: "standard input") { try FriendSource.friends(fromStandardInput: data) }
    let text = FriendsJSON.withoutByteOrderMark(data)
    if SourceFormat.of(text) == .text { try expectTheLineFilterAgreesWithTheList(data, text) }
}

/// `LineFilter` (cut into parts of a few bytes, so that the parts are many) over `text`, `data`
/// without its byte-order mark as `--filter` reads it, gives the friends the list of `data`
/// gives for a few queries, in list order (the search target checks the ranked order), or the
/// error the line reader gives.
private func expectTheLineFilterAgreesWithTheList(_ data: Data, _ text: Data) throws(FuzzFailure) {
    var list = FriendList()
    var failure: SourceError?
    do {
        try NameLines.readPages(data, source: "standard input") { list.append($0.friends) }
    } catch {
        failure = error
    }
    for query in ["", "a", "an", "é"] {
        let found: [Friend]
        do {
            found = try LineFilter.matches(
                in: text, source: "standard input", matching: query, ranked: false, partMinimum: 16
            )
            .friends
        } catch {
            try expect(error == failure, "the line filter failed otherwise than the line reader")
            continue
        }
        try expect(failure == nil, "the line filter read text the line reader refused")
        try expect(
            found == list.positions(matching: SearchQuery(query)).map { list.friends[$0] },
            "the line filter disagrees")
    }
}
