import Foundation
import PickerKit

/// `FriendsJSON.decode` on any bytes either returns friends or throws a `SourceError` naming the
/// source, with a safe message; it never crashes.
package func checkFriendsJSON(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let data = Data(input)
    try expectFriendsOrSourceError(source: "fuzz.json") { try FriendsJSON.decode(data, source: "fuzz.json") }
}
