import Foundation
import PickerKit

/// vCards on any bytes give friends (each with a name), a skipped count, or a `SourceError`
/// naming the source, the same whether the bytes come whole or in chunks; never a crash.
package func checkVCard(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    try expectTheSameFromWholeAndChunks(
        Data(input), chunkSize: 1 + input.count % 7, source: "fuzz.vcf", VCardReader.init(source:))
}
