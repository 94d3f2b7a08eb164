import Foundation

/// libFuzzer's entry: what standard input holds (JSON or one name per line) is read into
/// friends or refused with a `SourceError` naming standard input; never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStandardInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    expectFriendsOrSourceError(source: "standard input") { try FriendSource.friends(fromStandardInput: data) }
    return 0
}
