/// A folded name with its punctuation taken out, so that a term typed without it still finds
/// the name: `obrien` finds O'Brien, `jeanpierre` Jean-Pierre, `stjohn` St. John.
///
/// Punctuation is every ASCII byte that is neither a letter, a digit nor white space (folding
/// has already made typographic apostrophes and dashes ASCII). A run of punctuation and white
/// space that holds any punctuation is taken out whole (`st. john` becomes `stjohn`); a run of
/// white space alone stays (`mary ann` stays as it is), so words that were apart stay apart.
package enum JoinedKey {
    /// Whether `byte` is punctuation in this sense.
    @inline(__always)
    static func isPunctuation(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && !WordStarts.isASCIIWordByte(byte)
    }

    /// Whether `byte` is ASCII white space or a control character: what may sit in a run of
    /// punctuation without keeping it.
    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool { byte <= 0x20 }

    /// Writes the key without its punctuation to `output` (emptied first), and for each byte
    /// written, when `origins` is given, the offset in `key` it came from.
    /// - Returns: whether anything was taken out.
    @discardableResult
    package static func make(
        _ key: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], origins: UnsafeMutablePointer<[Int]>? = nil
    ) -> Bool {
        output.removeAll(keepingCapacity: true)
        origins?.pointee.removeAll(keepingCapacity: true)
        var index = 0
        var tookOut = false
        while index < key.count {
            let byte = key[index]
            guard isPunctuation(byte) || isSpace(byte) else {
                output.append(byte)
                origins?.pointee.append(index)
                index += 1
                continue
            }
            var end = index
            var holdsPunctuation = false
            while end < key.count, isPunctuation(key[end]) || isSpace(key[end]) {
                holdsPunctuation = holdsPunctuation || isPunctuation(key[end])
                end += 1
            }
            if holdsPunctuation {
                tookOut = true
            } else {
                for offset in index..<end {
                    output.append(key[offset])
                    origins?.pointee.append(offset)
                }
            }
            index = end
        }
        return tookOut
    }
}
