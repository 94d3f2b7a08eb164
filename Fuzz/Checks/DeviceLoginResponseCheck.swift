import Foundation
import PickerKit

/// Any answer of a device or token endpoint, in either flow, is read into codes the login can
/// use or a message that is safe to show and holds none of the secrets. The first byte picks
/// the flow (bit 0) and the endpoint (bit 1), the next two the status (100-599); the rest is
/// the body.
package func checkDeviceLoginResponse(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let bytes = input.assumingMemoryBound(to: UInt8.self)
    guard bytes.count >= 3 else { return }
    let flow: DeviceFlow = bytes[0] & 1 == 0 ? .rfc8628 : .facebook
    let status = 100 + (Int(bytes[1]) << 8 | Int(bytes[2])) % 500
    let body = Data(bytes[3...])
    let secrets = ["FUZZ-CLIENT-SECRET", "FUZZ-DEVICE-SECRET"]
    let redaction = MessageRedaction(secrets: secrets)
    if bytes[0] & 2 == 0 {
        let authorization: DeviceAuthorization
        do {
            authorization = try DeviceAuthorization.read(status: status, body: body, flow: flow, redaction: redaction)
        } catch {
            try expectSafe(error.message, without: secrets)
            return
        }
        try expect(!authorization.deviceCode.isEmpty, "an empty device code")
        try expect(
            !authorization.userCode.unicodeScalars.contains(where: TerminalText.isUnsafe)
                && authorization.userCode.unicodeScalars.count <= DeviceAuthorization.maximumCodeLength,
            "a user code that is not safe to show: \(authorization.userCode.debugDescription)")
        for url in [authorization.verificationURI, authorization.qrAddress] {
            try expect(HTTPAddress.refusal(for: url) == nil, "an address the rules refuse: \(url)")
        }
        try expect(
            (0.1...3600).contains(authorization.interval) && (0...3600).contains(authorization.expiresIn)
                && authorization.expiresIn > 0,
            "unbounded waits: \(authorization.interval), \(authorization.expiresIn)")
        return
    }
    switch PollAnswer.classify(status: status, body: body, flow: flow, redaction: redaction) {
    case .granted(let grant):
        try expect((200..<300).contains(status), "a token from HTTP \(status)")
        try expect(SessionToken.problem(grant.token) == nil, "a token that cannot be sent")
        if let expiresIn = grant.expiresIn {
            try expect(expiresIn > 0 && expiresIn.isFinite, "expires in \(expiresIn)")
        }
    case .pending, .slowDown: break
    case .denied(let message), .expired(let message), .temporary(let message), .failed(let message):
        try expectSafe(LoginFailure(message).message, without: secrets)
    }
}

/// `message` is safe on a terminal and holds none of `secrets`.
private func expectSafe(_ message: String, without secrets: [String]) throws(FuzzFailure) {
    try expectSafe(message)
    for secret in secrets { try expect(!message.contains(secret), "a secret in a message: \(message)") }
}
