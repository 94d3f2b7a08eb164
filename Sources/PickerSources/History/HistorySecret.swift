import PickerStore

/// The secret of one user that the record of picks is keyed with: 128 random bits, kept as 32
/// hexadecimal digits in `picks.key` (0600) beside `picks.json`.
///
/// Every key the record holds, of a source or of a friend, is the SipHash-2-4 of its text under
/// this secret, so that the record says nothing to whoever has it without the secret: no
/// dictionary of names, ids or paths finds who was picked.
package struct HistorySecret: Hashable, Sendable {
    private let hasher: SipHash

    private init(_ key: (UInt64, UInt64)) {
        hasher = SipHash(key: key)
    }

    /// A new secret, from the system's random numbers.
    package static func random() -> HistorySecret {
        var generator = SystemRandomNumberGenerator()
        return HistorySecret((generator.next(), generator.next()))
    }

    /// The secret a `picks.key` file holds: 32 hexadecimal digits, a newline after them or not;
    /// nil for anything else.
    init?(file bytes: [UInt8]) {
        let digits = bytes.last == 0x0A ? bytes.dropLast() : bytes[...]
        guard digits.count == 32 else { return nil }
        var halves: [UInt64] = [0, 0]
        for (index, byte) in digits.enumerated() {
            guard let value = HexDigit.value(byte) else { return nil }
            halves[index / 16] = halves[index / 16] << 4 | UInt64(value)
        }
        self.init((halves[0], halves[1]))
    }

    /// What `picks.key` holds: the 32 hexadecimal digits and a newline.
    var file: [UInt8] {
        Array((Self.hexadecimal(hasher.key.0) + Self.hexadecimal(hasher.key.1) + "\n").utf8)
    }

    /// The key of `text` in the record.
    /// - Complexity: O(n) in the UTF-8 of `text`.
    package func key(_ text: String) -> UInt64 {
        hasher.hash(text)
    }

    /// The key of the UTF-8 text `text`.
    package func key(utf8 text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hasher.hash(text)
    }

    /// `value` as the record writes a key: 16 hexadecimal digits.
    static func hexadecimal(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The key the record writes as `text`, when it is 16 hexadecimal digits.
    static func key(hexadecimal text: String) -> UInt64? {
        text.utf8.count == 16 ? UInt64(text, radix: 16) : nil
    }
}
