import Foundation
import PickerKit

/// `FriendsJSON.decode` on any bytes either returns friends or throws a `SourceError` naming the
/// source, with a safe message; it never crashes. Read a few bytes at a time, the bytes give the
/// same friends or the same problem, in the same pages whether a step of the reader appends the
/// friends that follow one another or hands each on its own.
package func checkFriendsJSON(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let data = Data(input)
    try expectFriendsOrSourceError(source: "fuzz.json") { try FriendsJSON.decode(data, source: "fuzz.json") }
    try expectThePagesOfOneFriendAStep(data)
}

/// The pages `data` is read to, seven bytes at a time in pages of 1, 2 and then 3 friends,
/// with the bytes read at each and the problem: the same for both ways of stepping, and the
/// friends and problem of `data` read whole.
private func expectThePagesOfOneFriendAStep(_ data: Data) throws(FuzzFailure) {
    func pages(oneFriendAStep: Bool) -> (pages: [FriendPage], consumed: [Int], problem: String?) {
        var rest = data[...]
        var pages: [FriendPage] = []
        var consumed: [Int] = []
        let read: (inout [UInt8]) throws(SourceError) -> Bool = { buffer in
            guard !rest.isEmpty else { return false }
            buffer += rest.prefix(7)
            rest = rest.dropFirst(7)
            return true
        }
        let problem = try? FriendsJSON.scanPages(
            read: read, firstPage: 1, largestPage: 3, oneFriendAStep: oneFriendAStep
        ) { page, read in
            pages.append(page)
            consumed.append(read)
        }
        return (pages, consumed, problem ?? nil)
    }
    let (appended, alone) = (pages(oneFriendAStep: false), pages(oneFriendAStep: true))
    try expect(appended.pages == alone.pages, "the pages differ when a step appends the friends that follow")
    try expect(appended.consumed == alone.consumed, "the pages are handed at other bytes")
    try expect(appended.problem == alone.problem, "the problems differ: \(appended.problem ?? "none")")
    let withoutMark = FriendsJSON.withoutByteOrderMark(data)
    guard withoutMark.count == data.count else { return }  // the byte-order mark is taken off by the file's reader
    switch Result(catching: { () throws(SourceError) in try FriendsJSON.decode(data, source: "fuzz.json") }) {
    case .success(let whole):
        try expect(appended.problem == nil, "read in pages, the document fails: \(appended.problem ?? "")")
        try expect(appended.pages.flatMap(\.friends) == whole, "read in pages, the friends differ")
    case .failure(let error):
        try expect(appended.problem == error.problem, "read in pages, the problem differs")
    }
}
