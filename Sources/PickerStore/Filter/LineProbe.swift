/// A byte that every line a query includes holds once folded, looked for before a line is
/// folded or searched: the rarest byte of the terms the line must match (a term's bytes all
/// lie in the folded line, with or without its punctuation). Most lines of a query that
/// matches few do not hold it, and are passed over after one look at their bytes.
///
/// An ASCII line folds to itself in lowercase, so the byte is looked for among its bytes, eight
/// at a time, in the same pass that tells whether the line is ASCII. Any other line folds scalar
/// by scalar when each of its scalars folds alone (``ScalarFolds``): the byte is then in the
/// fold of one of them, looked up as folding would, in the pass that checks the UTF-8, and what
/// each scalar of the Basic Multilingual Plane gave is kept in a table of a byte per scalar.
///
/// A probe holds no reference, so that looking at a line counts none; its owner frees its table
/// with ``deallocate()``.
struct LineProbe {
    /// What a look at a line that is not ASCII found.
    enum Verdict {
        /// The line cannot match.
        case absent
        /// The line may match: its bytes before `checkedUpTo` are well-formed UTF-8; the rest
        /// are still to check.
        case possible(checkedUpTo: Int)
        /// The line is not well-formed UTF-8.
        case invalid
    }

    /// The byte looked for.
    let byte: UInt8
    /// The folding of the term it is from.
    let strength: TextFolding.Strength
    /// The byte in every lane of a word.
    private let lanes: UInt64
    /// 0x20 in every lane when the byte is a small letter, which a capital gives when 0x20 is
    /// set in it; else 0.
    private let caseBits: UInt64

    /// For each scalar below U+10000: 0 when not yet looked up, ``foldsWithout`` when it folds
    /// alone to bytes without the byte, ``stops`` when it does not.
    private let verdicts: UnsafeMutablePointer<UInt8>
    private static let foldsWithout: UInt8 = 1
    private static let stops: UInt8 = 2

    /// How many bytes of the text are counted to find the rarest.
    private static let sampleSize = 1 << 16

    /// The probe of `query` for `text`, nil when a line may match without holding any byte (no
    /// term to match, or one that folds to nothing): the byte of the query's terms that is
    /// rarest in the first bytes of `text`, a capital counted as its small letter.
    init?(_ query: CompiledQuery, text: UnsafeBufferPointer<UInt8>) {
        var counts = [Int](repeating: 0, count: 256)
        for byte in text.prefix(Self.sampleSize) { counts[Int(UTF8Text.lowercasedASCII(byte))] += 1 }
        var best: (count: Int, byte: UInt8, caseOnly: Bool)?
        for term in query.terms where !term.isExcluded {
            for byte in term.bytes where best.map({ counts[Int(byte)] < $0.count }) ?? true {
                best = (counts[Int(byte)], byte, term.caseOnly)
            }
        }
        guard let best else { return nil }
        byte = best.byte
        strength = best.caseOnly ? .caseOnly : .caseAndAccents
        lanes = ByteLanes.repeated(byte)
        caseBits = byte &- UInt8(ascii: "a") < 26 ? ByteLanes.repeated(0x20) : 0
        verdicts = .allocate(capacity: 0x10000)
        verdicts.initialize(repeating: 0, count: 0x10000)
    }

    /// Frees the table of what scalars gave; the probe is not to be used after.
    func deallocate() { verdicts.deallocate() }

    /// Where the line that starts at `start` of the text at `base` ends (at its newline, or at
    /// `limit`), whether it is ASCII, and, when it is, whether it holds the byte, a capital
    /// letter counted as its small one (a CR before the newline is ASCII and never the byte).
    /// - Complexity: O(n) in the line's length, eight bytes at a time, in one pass.
    @inline(__always)
    func lookAtLine(in base: UnsafePointer<UInt8>, from start: Int, upTo limit: Int) -> (
        newline: Int, isASCII: Bool, holds: Bool
    ) {
        let raw = UnsafeRawPointer(base)
        var seen: UInt64 = 0
        var found: UInt64 = 0
        var index = start
        while index + 8 <= limit {
            let word = ByteLanes.load(raw + index)
            let newlines = ByteLanes.zero(word ^ ByteLanes.repeated(0x0A))
            let differences = (word | caseBits) ^ lanes
            if newlines != 0 {
                // The lowest lane found is the first newline; lanes above it are the next line's.
                let before = ByteLanes.first(newlines)
                let mask = ByteLanes.before(before)
                seen |= word & mask
                found |= ByteLanes.zero(differences) & mask
                return (index + before, seen & ByteLanes.highs == 0, found != 0)
            }
            seen |= word
            found |= ByteLanes.zero(differences)
            index += 8
        }
        let caseBit = UInt8(truncatingIfNeeded: caseBits)
        while index < limit {
            let byte = base[index]
            if byte == 0x0A { break }
            seen |= UInt64(byte)
            if byte | caseBit == self.byte { found = 1 }
            index += 1
        }
        return (index, seen & ByteLanes.highs == 0, found != 0)
    }

    /// Whether `line`, which is not ASCII, may hold the byte once folded, checking its UTF-8 as
    /// far as it reads: a scalar that does not fold alone (but an Indic sign, for an ASCII
    /// byte), or a control character (folded with its neighbours), stops the look as a
    /// possible match.
    /// - Complexity: O(n), one table look-up per scalar past ASCII.
    func look(atFoldOf line: UnsafeBufferPointer<UInt8>, folding: inout TextFolding) -> Verdict {
        var index = 0
        let count = line.count
        while index < count {
            let lead = line[index]
            if lead < 0x80 {
                if lead < 0x20 || lead == 0x7F || UTF8Text.lowercasedASCII(lead) == byte {
                    return .possible(checkedUpTo: index)
                }
                index += 1
                continue
            }
            guard let (scalar, length) = UTF8Text.multibyteScalar(in: line, at: index, lead: lead) else {
                return .invalid
            }
            var verdict = scalar < 0x10000 ? verdicts[Int(scalar)] : 0
            if verdict == 0 {
                let packed = folding.scalarFolds.fold(scalar, strength)
                let foldsWithout =
                    packed & ScalarFolds.foldsAlone != 0
                    ? !Self.holds(packed, byte) : byte < 0x80 && Self.foldsInsideItsScript(scalar)
                verdict = foldsWithout ? Self.foldsWithout : Self.stops
                if scalar < 0x10000 { verdicts[Int(scalar)] = verdict }
            }
            guard verdict == Self.foldsWithout else { return .possible(checkedUpTo: index) }
            index += length
        }
        return .absent
    }

    /// Whether `scalar` is one of the Indic scripts (Devanagari to Sinhala, U+0900–U+0DFF),
    /// whose vowel signs and viramas join the letters before them and so are folded with them
    /// (the character path of ``TextFolding``). Whatever their cluster, they fold into scalars
    /// of their script: no case, no accent to drop that leaves a Latin letter, and composition
    /// that only joins their signs to their letters. So they add no ASCII to a fold, and an
    /// ASCII byte is in the fold of their cluster only where the line holds it as ASCII or a
    /// scalar of it that folds alone gives it, which the look sees.
    @inline(__always)
    private static func foldsInsideItsScript(_ scalar: UInt32) -> Bool { scalar &- 0x0900 < 0x0500 }

    /// Whether the packed fold `packed` (see ``ScalarFolds``) holds `byte`.
    @inline(__always)
    private static func holds(_ packed: UInt64, _ byte: UInt8) -> Bool {
        var bytes = packed
        for _ in 0..<Int((packed >> 56) & 0xF) {
            if UInt8(truncatingIfNeeded: bytes) == byte { return true }
            bytes >>= 8
        }
        return false
    }
}
