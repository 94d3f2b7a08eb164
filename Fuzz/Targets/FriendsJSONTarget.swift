import Foundation

/// libFuzzer's entry: `FriendsJSON.decode` on any bytes either returns friends or throws a
/// `SourceError` naming the source, with a safe message; it never crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFriendsJSON(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    expectFriendsOrSourceError(source: "fuzz.json") { try FriendsJSON.decode(data, source: "fuzz.json") }
    return 0
}
