import Foundation
import PickerKit

/// What `picker --filter QUERY` does with names on standard input: read, search, sort the
/// matches, print their names in list order.
func runFilter(query: String) {
    let matches: FilterMatches
    do {
        matches = try FriendFilter.matches(
            in: .standardInput, matching: query, sortOrder: .first, token: nil, timeout: 0
        ).matches
    } catch {
        fail(error.description)
    }
    guard case .lines(let lines) = matches, lines.count > 0 else { exit(1) }
    FileHandle.standardOutput.write(Data(OutputFormat.names.render(lines, print0: false)))
}
