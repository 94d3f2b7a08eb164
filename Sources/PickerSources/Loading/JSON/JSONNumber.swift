/// The value of a JSON number, read exactly from its text (no floating point on the way).
enum JSONNumber {
    /// The value of `literal`, a number as JSON spells it, when it is a whole number that 64
    /// bits hold, however it is written (`1e3`, `1000.0`, `10e2`, `-0`); nil for any other
    /// (`1.5`, `2E-2`, `1e30`). What Foundation's decoder reads as an `Int64`, and only that.
    static func wholeValue(_ literal: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = literal.first == UInt8(ascii: "-")
        if negative { index = 1 }
        // The significant digits (no leading zero) and the power of ten they are scaled by.
        var digits: [UInt8] = []
        var scale = 0
        var inFraction = false
        while index < literal.count {
            let byte = literal[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if !digits.isEmpty || byte != UInt8(ascii: "0") { digits.append(byte - UInt8(ascii: "0")) }
                if inFraction { scale -= 1 }
            } else if byte == UInt8(ascii: ".") {
                inFraction = true
            } else {
                break
            }
            index += 1
        }
        if index < literal.count {
            // The exponent, saturated far past any that can give a 64-bit whole number.
            index += 1
            let negativeExponent = index < literal.count && literal[index] == UInt8(ascii: "-")
            if index < literal.count && (literal[index] == UInt8(ascii: "-") || literal[index] == UInt8(ascii: "+")) {
                index += 1
            }
            var exponent = 0
            while index < literal.count {
                exponent = min(exponent * 10 + Int(literal[index] &- UInt8(ascii: "0")), 1 << 20)
                index += 1
            }
            scale += negativeExponent ? -exponent : exponent
        }
        guard !digits.isEmpty else { return 0 }
        while digits.last == 0 {
            digits.removeLast()
            scale += 1
        }
        guard scale >= 0, digits.count + scale <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits + repeatElement(0, count: scale) {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }
}
