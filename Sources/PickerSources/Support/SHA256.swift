import CCrypto
import PickerStore

/// SHA-256 digests, from the system's OpenSSL (`libcrypto.so.3`, loaded on first use).
struct SHA256: ~Copyable {
    /// The digest under way.
    private let context: UnsafeMutableRawPointer
    private var failed = false

    /// Why SHA-256 cannot be used here (libcrypto missing), or nil when it can.
    static var unavailability: String? { picker_crypto_load().map { String(cString: $0) } }

    /// A digest to add bytes to; nil when libcrypto cannot be loaded or make one.
    init?() {
        guard picker_crypto_load() == nil, let context = picker_sha256_begin() else { return nil }
        self.context = context
    }

    /// Adds `bytes` to the digest.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if picker_sha256_update(context, base, bytes.count) != 1 { failed = true }
    }

    /// Adds `bytes` to the digest.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The 32 bytes of the digest of everything added; nil when libcrypto failed.
    consuming func finish() -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: 32)
        let finished = digest.withUnsafeMutableBufferPointer { picker_sha256_finish(context, $0.baseAddress) == 1 }
        let updated = !failed
        discard self
        return finished && updated ? digest : nil
    }

    deinit {
        // A digest dropped unfinished is freed all the same.
        var scratch = [UInt8](repeating: 0, count: 32)
        _ = scratch.withUnsafeMutableBufferPointer { picker_sha256_finish(context, $0.baseAddress) }
    }

    /// The digest of `parts` one after another; nil when libcrypto cannot be used.
    static func digest(_ parts: [[UInt8]]) -> [UInt8]? {
        guard var digest = SHA256() else { return nil }
        for part in parts { digest.update(part) }
        return digest.finish()
    }

    /// `bytes` as lower-case hexadecimal digits.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
