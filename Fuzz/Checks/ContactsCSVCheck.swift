import Foundation
import PickerKit

/// A contacts CSV on any bytes gives friends (each with a name), a skipped count, or a
/// `SourceError` naming the source, the same whether the bytes come whole or in chunks; the
/// check that tells a contacts CSV never crashes either.
package func checkContactsCSV(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let data = Data(input)
    try expectTheSameFromWholeAndChunks(
        data, chunkSize: 1 + input.count % 5, source: "fuzz.csv", ContactsCSV.init(source:))
    _ = ContactsCSV.isContactsCSV(input.assumingMemoryBound(to: UInt8.self))
}
