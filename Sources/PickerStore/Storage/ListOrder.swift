import FoundationEssentials
import Glibc

/// Sorting and merging runs of friend numbers by their ``SortEntry``s.
enum ListOrder {
    /// The start of a sort key in 16 bytes, which decides most comparisons without reaching
    /// the key: two prefixes compare as their keys do, or are equal, and equal prefixes that
    /// hold their keys whole (``holdsWholeKey``) are of equal keys.
    ///
    /// A key of a letter's section is nearly always lowercase Latin letters, spaces and part
    /// separators, so its name is held as codes of 5 bits, twelve in each half, up to 24 (the
    /// section byte repeats the name's first letter and is not kept): 1 for the separator, 3 for a space,
    /// 5–30 for `a`–`z`, and 0 after the end. Any other byte gets the code of the bytes
    /// between those (2 below a space, 4 below `a`, 31 above `z`) and ends the prefix there.
    /// Codes keep the order of the bytes they stand for, and a key holds no zero byte, so a
    /// shorter name sorts below the longer ones it starts. A key of a script's section (`{`,
    /// the section's code, the name) is held as 0xFE, then its first 14 bytes after `{`; a key
    /// of the `#` section (`|`, then a byte that is not a letter) as 0xFF, then the first 14
    /// bytes of its name: after every letter's. The last bit is set when the key goes on past
    /// what the prefix holds, so that a key held whole sorts below the longer keys it starts.
    struct Prefix: Equatable {
        /// The first half of the prefix.
        var high: UInt64
        /// The second half; its last bit is set when the key is not held whole.
        var low: UInt64

        init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            guard !range.isEmpty else {
                (high, low) = (0, 0)
                return
            }
            let name = (range.lowerBound + 1)..<range.upperBound
            if bytes[range.lowerBound] >= SortEntry.scriptSection {
                // 0xFE or 0xFF, then the first 14 bytes after the section byte.
                let top: UInt64 = bytes[range.lowerBound] == SortEntry.scriptSection ? 0xFE : 0xFF
                high = top << 56 | ListOrder.prefix(bytes, name, from: 0) >> 8
                let more: UInt64 = name.count > Self.otherLength ? 1 : 0
                low = ListOrder.prefix(bytes, name, from: 7) & ~0xFF | more
                return
            }
            var letters = Letters()
            for index in name where !letters.add(bytes[index]) { break }
            (high, low) = (letters.high, letters.low)
        }

        /// The prefix of a letter's key whose bytes after its section byte were given to `letters`.
        init(_ letters: Letters) {
            (high, low) = (letters.high, letters.low)
        }

        /// The prefix of a letter's key, made as the key's bytes after its section byte are
        /// given one at a time.
        struct Letters {
            fileprivate(set) var high: UInt64 = 0
            fileprivate(set) var low: UInt64 = 0
            private var held = 0

            /// Takes the key's next byte; false once the prefix is whole, and takes no more.
            @inline(__always)
            mutating func add(_ byte: UInt8) -> Bool {
                guard held < Prefix.letterLength else {
                    low |= 1
                    return false
                }
                let (code, goesOn) = Prefix.code(byte)
                // Twelve codes in each half, from the top, four bits left below them.
                if held < Prefix.letterLength / 2 {
                    high |= UInt64(code) << (59 - 5 * held)
                } else {
                    low |= UInt64(code) << (59 - 5 * (held - Prefix.letterLength / 2))
                }
                held += 1
                guard goesOn else {
                    low |= 1
                    return false
                }
                return true
            }
        }

        /// The most codes of a letter's key a prefix holds.
        static let letterLength = 24
        /// The most bytes of a `#` key's name a prefix holds.
        static let otherLength = 14

        /// The 5-bit code of a byte in a letter's key, and whether it stands for that byte
        /// alone, so that the prefix goes on after it.
        @inline(__always)
        fileprivate static func code(_ byte: UInt8) -> (UInt8, Bool) {
            if byte &- UInt8(ascii: "a") < 26 { return (byte &- UInt8(ascii: "a") &+ 5, true) }
            switch byte {
            case SortEntry.partSeparator: return (1, true)
            case 0x20: return (3, true)
            case ..<0x20: return (2, false)
            case ..<UInt8(ascii: "a"): return (4, false)
            default: return (31, false)
            }
        }

        /// Whether the prefix holds its entry's whole key, so that an equal prefix is of an
        /// equal entry.
        var holdsWholeKey: Bool { low & 1 == 0 }

        /// The section of the entry: its section byte (its letter, ``SortEntry/scriptSection``
        /// or ``SortEntry/otherSection``) above the code of a script's section
        /// (``ScriptSections/code(first:second:)``); it grows with
        /// the prefix.
        var section: UInt32 {
            let code = UInt8(truncatingIfNeeded: high >> 59)
            guard code == 31 else { return UInt32(UInt8(ascii: "a") + code &- 5) << 16 }
            guard high >> 56 == 0xFE else { return UInt32(SortEntry.otherSection) << 16 }
            let script = ScriptSections.code(
                first: UInt8(truncatingIfNeeded: high >> 48), second: UInt8(truncatingIfNeeded: high >> 40))
            return UInt32(SortEntry.scriptSection) << 16 | UInt32(script)
        }

        @inline(__always)
        static func < (left: Prefix, right: Prefix) -> Bool {
            left.high != right.high ? left.high < right.high : left.low < right.low
        }
    }

    /// A friend number with the prefix of its sort key.
    struct Entry {
        var prefix: Prefix
        var number: UInt32

        init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) {
            prefix = Prefix(bytes, range)
            self.number = UInt32(truncatingIfNeeded: number)
        }

        /// Whether this entry comes first, or nil when the prefixes cannot tell.
        @inline(__always)
        func precedes(_ other: Entry) -> Bool? {
            ListOrder.precedes(prefix, number, other.prefix, other.number)
        }
    }

    /// Whether the friend numbered `a`, of prefix `aPrefix`, sorts before `b`, of `bPrefix`, or
    /// nil when only their entries can tell: by the prefixes, then, when they hold both names
    /// whole and are equal, by the numbers (the order friends arrived in).
    @inline(__always)
    static func precedes(_ aPrefix: Prefix, _ a: UInt32, _ bPrefix: Prefix, _ b: UInt32) -> Bool? {
        if aPrefix != bPrefix { return aPrefix < bPrefix }
        return aPrefix.holdsWholeKey ? a < b : nil
    }

    /// Bytes `start..<start + 8` of the key at `range` of `bytes`, big-endian, padded with
    /// zeros, so that comparing prefixes orders keys as comparing the keys does, or finds them
    /// equal.
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, from start: Int) -> UInt64 {
        var prefix: UInt64 = 0
        for offset in start..<(start + 8) {
            prefix <<= 8
            if offset < range.count { prefix |= UInt64(bytes[range.lowerBound + offset]) }
        }
        return prefix
    }

    /// Whether entry `a` of `entries` sorts before entry `b`: by their bytes, then, when they
    /// are equal, by their numbers (the order friends arrived in).
    static func precedes(_ a: UInt32, _ b: UInt32, in entries: ByteStore) -> Bool {
        let order = entries.bytes.withUnsafeBufferPointer { bytes in
            compareBytes(
                UnsafeBufferPointer(rebasing: bytes[entries.range(Int(a))]),
                UnsafeBufferPointer(rebasing: bytes[entries.range(Int(b))]))
        }
        return order == 0 ? a < b : order < 0
    }

    /// The numbers of entries `numbers` of `entries`, sorted by their bytes and, among equals,
    /// their numbers, on every core.
    static func sorted(_ numbers: Range<Int>, of entries: ByteStore) -> Run {
        let parts = Parallel.ranges(numbers.count, minimum: 16_384)
        var runs = Parallel.map(parts.count) { part in
            entries.bytes.withUnsafeBufferPointer { bytes in
                var sorted = parts[part].map { index in
                    let number = numbers.lowerBound + index
                    return Entry(bytes, entries.range(number), number: number)
                }
                sorted.sort { $0.precedes($1) ?? precedes($0.number, $1.number, in: entries) }
                // The first run has room for the others to be merged into it.
                return Run(sorted, capacity: part == 0 ? numbers.count : sorted.count)
            }
        }
        guard !runs.isEmpty else { return Run() }
        var run = runs.removeFirst()
        for other in runs { merge(into: &run, other) { precedes($0, $1, in: entries) } }
        return run
    }

    /// Friend numbers in list order, each with the prefix of its sort key, kept side by side so
    /// that merging reads the prefixes front to back instead of each key where it lies.
    struct Run: Sendable {
        var numbers: [UInt32] = []
        var prefixes: [Prefix] = []

        var count: Int { numbers.count }

        init() {}

        /// The run of `entries`, with room for `capacity` elements.
        init(_ entries: [Entry], capacity: Int) {
            numbers.reserveCapacity(capacity)
            prefixes.reserveCapacity(capacity)
            for entry in entries {
                numbers.append(entry.number)
                prefixes.append(entry.prefix)
            }
        }

        /// Makes room for `total` elements in all.
        mutating func reserve(_ total: Int) {
            GrowthPlan.reserve(&numbers, total)
            GrowthPlan.reserve(&prefixes, total)
        }

        /// Keeps the elements whose number `renumber` maps to a number, and gives them that
        /// number; the order stays.
        mutating func keep(_ renumber: (UInt32) -> UInt32?) {
            var kept = 0
            for index in numbers.indices {
                guard let number = renumber(numbers[index]) else { continue }
                numbers[kept] = number
                prefixes[kept] = prefixes[index]
                kept += 1
            }
            numbers.removeSubrange(kept...)
            prefixes.removeSubrange(kept...)
        }
    }

    /// Merges `new` into `run`, both in list order, in place: `run` grows by `new.count` and
    /// is filled from the back, each new element's place found by galloping down from the
    /// previous one's and the old elements above it moved up in one block. No run is allocated
    /// afresh, so a large list's order costs no new memory for each page that arrives.
    /// `precedes` decides what the prefixes cannot.
    /// - Complexity: O(n) moves and O(m log(n / m)) comparisons for m new elements among n.
    static func merge(into run: inout Run, _ new: Run, by precedes: (UInt32, UInt32) -> Bool) {
        if run.count == 0 {
            run = new
            return
        }
        var oldEnd = run.count
        run.numbers += new.numbers
        run.prefixes += new.prefixes
        run.numbers.withUnsafeMutableBufferPointer { numbers in
            run.prefixes.withUnsafeMutableBufferPointer { prefixes in
                // Both runs hold elements: the buffers have addresses.
                guard let numberStart = numbers.baseAddress, let prefixStart = prefixes.baseAddress else { return }
                /// Whether new element `element` comes before old element `index`.
                func before(_ element: Int, _ index: Int) -> Bool {
                    let (number, oldNumber) = (new.numbers[element], numbers[index])
                    return ListOrder.precedes(new.prefixes[element], number, prefixes[index], oldNumber)
                        ?? precedes(number, oldNumber)
                }
                var write = numbers.count
                for element in stride(from: new.count - 1, through: 0, by: -1) {
                    // The old elements from `high` up come after this element; the first of
                    // them is at or above `low`.
                    var high = oldEnd
                    var low = 0
                    var step = 1
                    while high > 0 {
                        let probe = max(0, high - step)
                        guard before(element, probe) else {
                            low = probe + 1
                            break
                        }
                        high = probe
                        step *= 2
                    }
                    let place = BinarySearch.firstIndex(in: low..<high) { before(element, $0) }
                    let moved = oldEnd - place
                    if moved > 0 {
                        write -= moved
                        memmove(numberStart + write, numberStart + place, moved * MemoryLayout<UInt32>.stride)
                        memmove(prefixStart + write, prefixStart + place, moved * MemoryLayout<Prefix>.stride)
                        oldEnd = place
                    }
                    write -= 1
                    numbers[write] = new.numbers[element]
                    prefixes[write] = new.prefixes[element]
                }
            }
        }
    }
}

extension ListOrder.Run {
    #if DEBUG
        /// Checks, in debug builds, that each number has its prefix, and that they are those of
        /// the entries `entry` builds, in order: by entry, then by number.
        func _checkInvariants(entry: (UInt32) -> [UInt8]) {
            precondition(numbers.count == prefixes.count, "a prefix per number")
            let entries = numbers.map(entry)
            for (bytes, prefix) in zip(entries, prefixes) {
                bytes.withUnsafeBufferPointer {
                    precondition(ListOrder.Prefix($0, $0.indices) == prefix, "each prefix is its entry's")
                }
            }
            for index in entries.indices.dropFirst() {
                let (before, after) = (entries[index - 1], entries[index])
                precondition(
                    before.lexicographicallyPrecedes(after) || before == after && numbers[index - 1] < numbers[index],
                    "in order")
            }
        }
    #else
        @inline(__always) func _checkInvariants(entry: (UInt32) -> [UInt8]) {}
    #endif
}
