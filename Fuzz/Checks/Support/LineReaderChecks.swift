import Foundation
import PickerKit

/// Reads `data` with a reader `make` makes, whole and again in chunks of `chunkSize` bytes (as
/// a file is read): both must give the same friends, skipped count and first entry skipped, or
/// the same error, which must name `source` and be safe to show; a source of which nothing is
/// read while something is skipped is an error.
func expectTheSameFromWholeAndChunks<Reader: LineReader>(
    _ data: Data, chunkSize: Int, source: String, _ make: (String) -> Reader
) throws(FuzzFailure) {
    var whole = make(source)
    var wholeFriends: [Friend] = []
    var wholeSkipped = 0
    var wholeFirstSkipped: SkippedEntry?
    var wholeError: SourceError?
    do throws(SourceError) {
        try whole.readAll(.bytes(data), source: source) { page in
            wholeFriends += page.friends
            wholeSkipped += page.skipped
            wholeFirstSkipped = wholeFirstSkipped ?? page.firstSkipped
        }
    } catch {
        wholeError = error
    }
    var chunked = make(source)
    var pages = PageCollector(firstPage: 1, largestPage: 3)
    var lines = LineSplitter(maximumLength: 64 << 20, source: source)
    var chunkedFriends: [Friend] = []
    var chunkedSkipped = 0
    var chunkedFirstSkipped: SkippedEntry?
    var chunkedError: SourceError?
    let deliver: (FriendPage) -> Void = { page in
        chunkedFriends += page.friends
        chunkedSkipped += page.skipped
        chunkedFirstSkipped = chunkedFirstSkipped ?? page.firstSkipped
    }
    data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        do throws(SourceError) {
            var start = 0
            while start < bytes.count {
                let chunk = UnsafeBufferPointer(rebasing: bytes[start..<min(bytes.count, start + chunkSize)])
                try lines.feed(chunk) { line, number, _ throws(SourceError) in
                    try chunked.read(line: line, number: number, into: &pages, deliver)
                }
                start += chunkSize
            }
            try lines.finish { line, number, _ throws(SourceError) in
                try chunked.read(line: line, number: number, into: &pages, deliver)
            }
            try chunked.finish(into: &pages, deliver)
            if let failure = pages.nothingRead(source: source) { throw failure }
            pages.finish(deliver)
        } catch {
            chunkedError = error
        }
    }
    try expect(
        wholeError == chunkedError,
        "chunks changed the error: \(String(describing: wholeError)) / \(String(describing: chunkedError))")
    if let wholeError {
        try expect(wholeError.source == source, "the error names another source")
        try expectSafe(wholeError.description)
        return
    }
    try expect(wholeFriends == chunkedFriends, "chunks changed the friends")
    try expect(wholeSkipped == chunkedSkipped, "chunks changed the skipped count")
    try expect(wholeFirstSkipped == chunkedFirstSkipped, "chunks changed the first entry skipped")
    try expect(!wholeFriends.isEmpty || wholeSkipped == 0, "entries skipped and nothing read, yet no error")
    for friend in wholeFriends {
        try expect(!friend.name.isEmpty, "a friend without a name")
        try expect(!friend.emails.contains(""), "an empty address")
    }
    var list = FriendList()
    list.append(wholeFriends)
}
