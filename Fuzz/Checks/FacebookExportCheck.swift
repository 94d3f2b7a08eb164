import Foundation
import PickerKit

/// The Facebook export's friends list on any bytes gives friends or a `SourceError` naming the
/// source; what the fast reader takes, Foundation reads to the same friends; and the repair of
/// names either keeps a name or decodes its characters as bytes.
package func checkFacebookExport(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let data = Data(input)
    try expectFriendsOrSourceError(source: "your_friends.json") {
        try FriendsJSON.decode(data, source: "your_friends.json")
    }
    if let fast = FriendsJSON.scan(data) {
        let slow = try? FriendsJSON.decodeWithFoundation(data, source: "your_friends.json")
        try expect(fast == slow, "the fast reader and Foundation disagree")
    }
    let text = String(decoding: data, as: UTF8.self)
    let repaired = FacebookExport.repaired(text)
    if repaired != text {
        let bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        try expect(text.unicodeScalars.allSatisfy { $0.value <= 0xFF }, "repaired a character past U+00FF")
        try expect(Array(repaired.utf8) == bytes, "the repair is not the characters taken as bytes")
    }
}
