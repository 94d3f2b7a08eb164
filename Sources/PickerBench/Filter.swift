import Foundation
import PickerKit

/// What `picker --filter QUERY` does with names on standard input, using ``LineFilter``:
/// read, search, sort the matches, print their names in list order.
func runFilter(query: String) {
    let data = FileHandle.standardInput.readDataToEndOfFile()
    let matches: [Friend]
    do {
        matches = try LineFilter.friends(in: data, source: "standard input", matching: query)
    } catch {
        fail(error.description)
    }
    guard !matches.isEmpty else { exit(1) }
    var output = Data()
    output.reserveCapacity(matches.count * 20)
    for friend in matches {
        output.append(contentsOf: friend.name.utf8)
        output.append(0x0A)
    }
    FileHandle.standardOutput.write(output)
}
