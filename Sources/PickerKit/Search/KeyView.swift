/// The search keys of a list seen through pointers, for the inner loop of a scan.
struct KeyView {
    let accentBytes: UnsafeBufferPointer<UInt8>
    let accentEnds: UnsafeBufferPointer<UInt32>
    let caseBytes: UnsafeBufferPointer<UInt8>
    let caseEnds: UnsafeBufferPointer<UInt32>
    let masks: UnsafeBufferPointer<UInt32>

    /// Whether friend `number`'s name passes every term of `terms`.
    @inline(__always)
    func matches(_ number: Int, _ terms: CompiledQuery) -> Bool {
        guard masks[number] & terms.mask == terms.mask else { return false }
        if terms.decidedByMask { return true }
        let accentName = Self.key(accentBytes, accentEnds, number)
        var caseName: UnsafeBufferPointer<UInt8>?
        for term in terms.terms {
            var name = accentName
            if term.caseOnly {
                if caseName == nil {
                    let folded = Self.key(caseBytes, caseEnds, number)
                    caseName = folded.isEmpty ? accentName : folded
                }
                name = caseName ?? accentName
            }
            if !bytes(name, contain: term.bytes) { return false }
        }
        return true
    }

    @inline(__always)
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<UInt32>, _ number: Int)
        -> UnsafeBufferPointer<UInt8>
    {
        let start = number == 0 ? 0 : Int(ends[number - 1])
        return UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[number])])
    }
}

extension NameKeys {
    /// Calls `body` with pointers to the keys.
    func withView<Result>(_ body: (KeyView) -> Result) -> Result {
        accent.bytes.withUnsafeBufferPointer { accentBytes in
            accent.ends.withUnsafeBufferPointer { accentEnds in
                caseOnly.bytes.withUnsafeBufferPointer { caseBytes in
                    caseOnly.ends.withUnsafeBufferPointer { caseEnds in
                        masks.withUnsafeBufferPointer { masks in
                            body(
                                KeyView(
                                    accentBytes: accentBytes, accentEnds: accentEnds, caseBytes: caseBytes,
                                    caseEnds: caseEnds, masks: masks))
                        }
                    }
                }
            }
        }
    }
}

/// A query's terms with their bytes in memory that outlives the scan, and the mask every
/// matching name's keys must cover.
final class CompiledQuery: @unchecked Sendable {
    struct Term {
        let bytes: UnsafeBufferPointer<UInt8>
        let caseOnly: Bool
    }

    let terms: [Term]
    let mask: UInt32
    /// Whether the mask alone decides: every term is one letter, to be matched ignoring accents.
    let decidedByMask: Bool

    init(_ query: SearchQuery) {
        terms = query.terms.map { term in
            let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(term.bytes.count, 1))
            _ = storage.initialize(from: term.bytes)
            return Term(
                bytes: UnsafeBufferPointer(rebasing: storage[0..<term.bytes.count]),
                caseOnly: term.strength == .caseOnly)
        }
        mask = query.terms.reduce(0) { $0 | ByteMask.of($1.bytes) }
        decidedByMask = query.terms.allSatisfy { $0.strength == .caseAndAccents && ByteMask.decides($0.bytes) }
    }

    deinit {
        for term in terms { UnsafeMutableBufferPointer(mutating: term.bytes).deallocate() }
    }
}
