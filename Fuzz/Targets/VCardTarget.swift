import Foundation

/// libFuzzer's entry: vCards on any bytes give friends (each with a name), a skipped count, or
/// a `SourceError` naming the source, the same whether the bytes come whole or in chunks;
/// never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVCard(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    expectTheSameFromWholeAndChunks(data, chunkSize: 1 + count % 7, source: "fuzz.vcf", VCardReader.init(source:))
    return 0
}
