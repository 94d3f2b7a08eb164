/// A name of printable ASCII and accented Latin letters (`Søren Süß`, `Łukasz`), as many
/// names past ASCII are, folded to the printable ASCII of its sort key (`soren suss`): each
/// letter of two UTF-8 bytes that folds on its own (``ScalarFolds``) to one or two small
/// letters `a`–`z` is replaced by them. Its words are then where the name's are, and its key is
/// the name's, so it is made as a name of printable ASCII makes its own (``PrintableASCIIName``)
/// rather than a word and a scalar at a time.
enum LatinFold {
    /// `body` called with `name` folded to printable ASCII, using `folding`'s table of scalar
    /// folds; nil, without calling it, when the name holds a byte that is neither printable
    /// ASCII nor part of such a letter.
    @inline(__always)
    static func withFold<Result>(
        of name: UnsafeBufferPointer<UInt8>, folding: inout TextFolding, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        // A letter's fold is never longer than its two bytes.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count) { folded in
            var (index, count) = (0, 0)
            while index < name.count {
                let byte = name[index]
                if byte &- 0x20 < 0x5F {
                    folded[count] = byte
                    (index, count) = (index + 1, count + 1)
                    continue
                }
                guard byte &- 0xC2 < 0x1E, index + 1 < name.count, name[index + 1] & 0xC0 == 0x80 else { return nil }
                let scalar = UInt32(byte & 0x1F) << 6 | UInt32(name[index + 1] & 0x3F)
                let packed = folding.scalarFolds.fold(scalar, .caseAndAccents)
                let length = Int((packed >> 56) & 0xF)
                guard packed & ScalarFolds.foldsAlone != 0, length == 1 || length == 2 else { return nil }
                for offset in 0..<length {
                    let letter = UInt8(truncatingIfNeeded: packed >> (8 * UInt64(offset)))
                    guard letter &- UInt8(ascii: "a") < 26 else { return nil }
                    folded[count + offset] = letter
                }
                (index, count) = (index + 2, count + length)
            }
            return body(UnsafeBufferPointer(rebasing: folded[..<count]))
        }
    }
}

extension PrintableASCIIName {
    /// `body` called with `name` as a name of printable ASCII: itself, or its fold when it is
    /// one of accented Latin letters (``LatinFold``); nil, without calling it, when it is
    /// neither.
    @inline(__always)
    static func with<Result>(
        _ name: UnsafeBufferPointer<UInt8>, folding: inout TextFolding, _ body: (PrintableASCIIName) -> Result
    ) -> Result? {
        if let plain = PrintableASCIIName(name) { return body(plain) }
        // The fold is printable ASCII, so it is a name of printable ASCII.
        return LatinFold.withFold(of: name, folding: &folding) { body(PrintableASCIIName($0)!) }
    }
}
