import Foundation

/// libFuzzer's entry: what standard input holds (JSON, vCard, a contacts CSV or one name per
/// line, told by its content) is read into friends or refused with a `SourceError` naming
/// standard input; never a crash. Text is also searched the way `--filter` searches it, which
/// must find what the list finds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStandardInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    expectFriendsOrSourceError(source: "standard input") { try FriendSource.friends(fromStandardInput: data) }
    let text = FriendsJSON.withoutByteOrderMark(data)
    if SourceFormat.of(text) == .text { expectTheLineFilterAgreesWithTheList(data, text) }
    return 0
}

/// `LineFilter` (cut into parts of a few bytes, so that the parts are many) over `text`, `data`
/// without its byte-order mark as `--filter` reads it, gives the friends the list of `data`
/// gives for a few queries, in list order (the search target checks the ranked order), or the
/// error the line reader gives.
private func expectTheLineFilterAgreesWithTheList(_ data: Data, _ text: Data) {
    var list = FriendList()
    var failure: SourceError?
    do {
        try NameLines.readPages(data, source: "standard input") { list.append($0.friends) }
    } catch {
        failure = error
    }
    for query in ["", "a", "an", "é"] {
        do {
            let found = try LineFilter.matches(
                in: text, source: "standard input", matching: query, ranked: false, partMinimum: 16
            )
            .friends
            precondition(failure == nil, "the line filter read text the line reader refused")
            precondition(
                found == list.positions(matching: SearchQuery(query)).map { list.friends[$0] },
                "the line filter disagrees")
        } catch {
            precondition(error == failure, "the line filter failed otherwise than the line reader")
        }
    }
}
