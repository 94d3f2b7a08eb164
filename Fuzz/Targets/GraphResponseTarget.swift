import Foundation

/// libFuzzer's entry: any HTTP response of the friends edge is classified, and whatever it
/// says reaches the user only as a safe message. The first two bytes are the status (100-599),
/// the next byte picks the headers, the rest is the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphResponse(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    guard bytes.count >= 3 else { return 0 }
    let status = 100 + (Int(bytes[0]) << 8 | Int(bytes[1])) % 500
    let headerChoices: [HTTPHeaders] = [
        [:], ["Retry-After": "1"], ["retry-after": " 2.5 "], ["Retry-After": "soon"],
        ["Location": "https://other.example/next?access_token=SECRET"], ["location": "\u{1B}]0;x\u{7}"],
    ]
    let headers = headerChoices[Int(bytes[2]) % headerChoices.count]
    let body = Data(bytes[3...])
    let source = "https://graph.example/me/friends"
    switch GraphResponse.classify(status: status, headers: headers, body: body, source: source) {
    case .page:
        precondition((200..<300).contains(status), "a page from HTTP \(status)")
    case .retry(let reason, let delay):
        expectSafe(SourceError(source: source, problem: reason).description)
        if let delay { precondition(!delay.isNaN, "a delay that is not a number") }
    case .sessionRejected(let message), .failed(let message):
        expectSafe(SourceError(source: source, problem: message).description)
    }
    return 0
}
