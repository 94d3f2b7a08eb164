import Foundation
import PickerKit

/// A contacts CSV on any bytes gives friends (each with a name), a skipped count, or a
/// `SourceError` naming the source, the same whether the bytes come whole or in chunks; the
/// header check never crashes either.
package func checkContactsCSV(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let data = Data(input)
    try expectTheSameFromWholeAndChunks(
        data, chunkSize: 1 + input.count % 5, source: "fuzz.csv", ContactsCSV.init(source:))
    _ = ContactsCSV.isHeader(input.assumingMemoryBound(to: UInt8.self))
}
