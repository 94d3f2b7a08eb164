/// Hexadecimal digits read from bytes: the one reader of them, for JSON's `\u` escapes, vCard's
/// quoted-printable and the fold table.
package enum HexDigit {
    /// What `byte` is worth as a hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`): 0 to 15; nil
    /// when it is none.
    @inline(__always)
    package static func value(_ byte: UInt8) -> UInt8? {
        let decimal = byte &- UInt8(ascii: "0")
        if decimal < 10 { return decimal }
        // Setting bit 5 takes `A`–`F` to `a`–`f`, and no other byte there.
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter + 10 : nil
    }
}
