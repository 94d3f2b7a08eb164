import PickerKit
import XCTest

/// Types each chain of queries into a search of `list`, each query narrowing the one before
/// when it can (as the picker does), and checks every result against the reference
/// `shouldInclude`, and that each query finds someone.
package func assertChainsAgreeWithTheReference(
    _ list: FriendList, _ chains: [[String]], file: StaticString = #filePath, line: UInt = #line
) {
    for chain in chains {
        var previous: Positions?
        var previousQuery = SearchQuery("")
        for text in chain {
            let query = SearchQuery(text)
            let among = query.narrows(previousQuery) ? previous : nil
            let found = list.positions(matching: query, among: among)
            let expected = (0..<list.count).filter { ReferenceSearch.includes(list.friends[$0], query: text) }
            XCTAssertEqual(Array(found), expected, "query \(text.debugDescription)", file: file, line: line)
            XCTAssertFalse(expected.isEmpty, "query \(text.debugDescription) finds someone", file: file, line: line)
            for position in found.prefix(20) {
                XCTAssertTrue(shouldInclude(list.friends[position], query: text), file: file, line: line)
            }
            previous = found
            previousQuery = query
        }
    }
}
