import Foundation
import PickerKit

/// What `picker --filter QUERY` does with names on standard input, using the paged text
/// reader: read, index, search, print the names in list order.
func runFilter(query: String) {
    let data = FileHandle.standardInput.readDataToEndOfFile()
    var list = FriendList()
    do {
        try NameLines.readPages(data, source: "standard input") { list.append($0) }
    } catch {
        fail(error.description)
    }
    let matches = list.positions(matching: SearchQuery(query))
    guard !matches.isEmpty else { exit(1) }
    var output = Data()
    output.reserveCapacity(matches.count * 20)
    let friends = list.friends
    for position in matches {
        output.append(contentsOf: friends[position].name.utf8)
        output.append(0x0A)
    }
    FileHandle.standardOutput.write(output)
}
