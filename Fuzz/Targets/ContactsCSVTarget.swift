import Foundation

/// libFuzzer's entry: a contacts CSV on any bytes gives friends (each with a name), a skipped
/// count, or a `SourceError` naming the source, the same whether the bytes come whole or in
/// chunks; the header check never crashes either.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContactsCSV(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    expectTheSameFromWholeAndChunks(data, chunkSize: 1 + count % 5, source: "fuzz.csv", ContactsCSV.init(source:))
    _ = data.withUnsafeBytes { ContactsCSV.isHeader($0.bindMemory(to: UInt8.self)) }
    return 0
}
