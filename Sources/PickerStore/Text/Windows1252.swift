/// Windows-1252, the 8-bit set Outlook, Excel and older mail programs write in the West when
/// they do not write UTF-8: ISO-8859-1 with printable characters in 0x80–0x9F. The five bytes
/// it leaves undefined are read as ISO-8859-1 reads them (C1 controls, which the screen and
/// the output escape), so that any bytes are text.
package enum Windows1252 {
    /// The characters of 0x80–0x9F.
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// The text of `bytes` read as Windows-1252.
    /// - Complexity: O(n).
    package static func string(_ bytes: some Sequence<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? high[Int(byte - 0x80)] : UInt32(byte)
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
