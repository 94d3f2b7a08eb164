import Foundation
import PickerKit

/// Any HTTP response of the friends edge is classified, only an object is read as a page, and
/// whatever it says reaches the user only as a safe message without the session token. The
/// first two bytes are the status (100-599), the next picks the headers: one of a fixed set, or
/// (choices past them) header lines read from the input up to a blank line, as libcurl hands
/// them over; the rest is the body.
package func checkGraphResponse(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let bytes = input.assumingMemoryBound(to: UInt8.self)
    guard bytes.count >= 3 else { return }
    let status = 100 + (Int(bytes[0]) << 8 | Int(bytes[1])) % 500
    let token = "FUZZ-SECRET-TOKEN"
    let headerChoices: [HTTPHeaders] = [
        [:], ["Retry-After": "1"], ["retry-after": " 2.5 "], ["Retry-After": "soon"],
        ["Location": "https://other.example/next?access_token=SECRET"], ["location": "\u{1B}]0;x\u{7}"],
        ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"], ["Retry-After": "-5"], ["Retry-After": "nan"],
        ["Retry-After": "1000000000"], ["WWW-Authenticate": "Basic realm=\"\(token)\""],
        ["Location": "/x/\(token)"],
    ]
    var headers: HTTPHeaders
    var body = Data(bytes[3...])
    let choice = Int(bytes[2])
    if choice < headerChoices.count {
        headers = headerChoices[choice]
    } else {
        (headers, body) = try readHeaderLines(body)
    }
    let source = "https://graph.example/me/friends"
    let response = GraphResponse.classify(
        status: status, headers: headers, body: body, source: source, redaction: MessageRedaction(token: token),
        now: 784_111_777)
    switch response {
    case .page(_, let next):
        try expect((200..<300).contains(status), "a page from HTTP \(status)")
        let opening = FriendsJSON.opening(of: FriendsJSON.withoutByteOrderMark(body))
        try expect(opening == UInt8(ascii: "{"), "a page from a body that is not an object")
        if let next { try expect(next.scheme != nil && next.host != nil, "a next that is not absolute") }
    case .retry(let reason, let delay):
        try expectSafe(reason, without: token, source: source)
        if let delay { try expect(delay.isFinite && delay >= 0, "a delay of \(delay)") }
    case .sessionRejected(let message), .failed(let message):
        try expectSafe(message, without: token, source: source)
    }
}

/// The header fields of the lines of `input` before its first blank line, given one at a time
/// to a ``CurlReceiver`` as libcurl gives them; and the rest of `input`.
private func readHeaderLines(_ input: Data) throws(FuzzFailure) -> (HTTPHeaders, Data) {
    let blank = Data("\r\n\r\n".utf8)
    let end = input.range(of: blank)
    let head = end.map { input[..<$0.lowerBound] } ?? input
    let receiver = CurlReceiver(maximumBodyBytes: 1 << 20, maximumHeaderBytes: 64 << 10)
    for line in head.split(separator: 0x0A, omittingEmptySubsequences: false) {
        let withEnd = Data(line) + Data([0x0A])
        let taken = withEnd.withUnsafeBytes { receiver.receiveHeader($0) }
        if !taken {
            try expect(receiver.stop != nil, "a header line refused without a reason")
            break
        }
    }
    return (receiver.headers, end.map { input[$0.upperBound...] } ?? Data())
}

/// `message`, shown as an error of `source`, is safe on a terminal and holds no `token`.
private func expectSafe(_ message: String, without token: String, source: String) throws(FuzzFailure) {
    let shown = SourceError(source: source, problem: message).description
    try expectSafe(shown)
    try expect(!shown.contains(token), "the token in a message: \(shown)")
}
