import Foundation
import PickerKit

/// Times the phases of loading `path` one after another, on one thread each: reading and
/// parsing, then adding the pages to a list, then adding everyone at once.
func measurePhases(path: String) throws {
    var began = now()
    var pages: [[Friend]] = []
    try FriendsJSON.readPages(path: path, firstPage: 2000) { pages.append($0.friends) }
    let parsed = now() - began
    began = now()
    var list = FriendList()
    for page in pages { list.append(page) }
    let appended = now() - began
    if ProcessInfo.processInfo.environment["PHASES_PAGES_ONLY"] != nil {
        print(String(format: "parse %.0f ms, %d pages appended %.0f ms", parsed * 1000, pages.count, appended * 1000))
        return
    }
    let everyone = Array(pages.joined())
    began = now()
    let whole = FriendList(everyone)
    let atOnce = now() - began
    began = now()
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let foundation = try JSONDecoder().decode(Page.self, from: data).data.count
    let decoder = now() - began
    print(
        String(
            format:
                "parse %.0f ms, %d pages appended %.0f ms, all at once %.0f ms (%d friends), JSONDecoder %.0f ms (%d)",
            parsed * 1000, pages.count, appended * 1000, atOnce * 1000, whole.count, decoder * 1000, foundation))
}

private struct Page: Decodable {
    struct Entry: Decodable {
        var id: String
        var name: String
    }
    var data: [Entry]
}
