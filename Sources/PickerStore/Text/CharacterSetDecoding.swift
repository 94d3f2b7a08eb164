import Glibc

/// Text in a legacy character set (ISO-8859-2, Windows-1250, Shift_JIS…) turned into UTF-8 by
/// the C library's `iconv`, which knows every set glibc ships a converter for.
package enum CharacterSetDecoding {
    /// What became of bytes said to be in a character set.
    package enum Result: Equatable {
        case text(String)
        /// The C library knows no set of that name.
        case unknownSet
        /// The bytes are not text in that set.
        case notText
    }

    /// `bytes` in the character set named `charset` (an IANA name such as `windows-1250`, in
    /// any case), as a string.
    package static func decode(_ bytes: [UInt8], charset: String) -> Result {
        let converter = iconv_open("UTF-8", charset)
        guard converter != iconv_t(bitPattern: -1) else { return .unknownSet }
        defer { iconv_close(converter) }
        // UTF-8 takes at most four bytes for any one byte of a legacy set (Shift_JIS: three
        // for two), so the output always fits.
        var output = [UInt8](repeating: 0, count: bytes.count * 4 + 4)
        var input = bytes.map { CChar(bitPattern: $0) }
        let written: Int? = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                var inputStart = input.baseAddress
                var inputLeft = input.count
                var outputStart = output.baseAddress.map {
                    UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)
                }
                var outputLeft = output.count
                guard iconv(converter, &inputStart, &inputLeft, &outputStart, &outputLeft) != -1, inputLeft == 0 else {
                    return nil
                }
                return output.count - outputLeft
            }
        }
        guard let written, let text = output[..<written].withUnsafeBufferPointer({ UTF8Text.string($0) }) else {
            return .notText
        }
        return .text(text)
    }
}
