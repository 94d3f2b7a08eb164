/// The decimal digits of a number, written without making a `String`.
package enum DecimalDigits {
    /// Calls `body` with the ASCII decimal digits of `number`.
    package static func with<Result>(_ number: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var value = number
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            } while value > 0
            return body(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }
}
