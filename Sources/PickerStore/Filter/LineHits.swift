/// The lines of a text that a search found, in text order, as two arrays side by side: each
/// line's number and the number of its name among the distinct names (``DistinctNames``). Where
/// a line lies and its score are its name's, so they are not kept.
struct LineHits: Sendable {
    var numbers: [UInt32] = []
    var names: [UInt32] = []

    /// How many lines there are.
    var count: Int { numbers.count }

    /// Adds a line.
    @inline(__always)
    mutating func append(number: UInt32, name: UInt32) {
        numbers.append(number)
        names.append(name)
    }

    /// The lines of `parts` one after another, on every core: the numbers of part `i` raised by
    /// `linesBefore[i]`, its names renumbered by `renumbered[i]` when given.
    static func joined(_ parts: [LineHits], linesBefore: [UInt32], renumbered: [[UInt32]?]) -> LineHits {
        let starts = parts.reduce(into: [0]) { starts, part in starts.append(starts[starts.count - 1] + part.count) }
        let total = starts[parts.count]
        func fill<Element: BitwiseCopyable>(
            _ element: @escaping @Sendable (_ part: Int, _ index: Int) -> Element
        ) -> [Element] {
            [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
                let output = UncheckedSendable(buffer)
                _ = Parallel.map(parts.count) { part in
                    for index in 0..<parts[part].count {
                        output.value.initializeElement(at: starts[part] + index, to: element(part, index))
                    }
                }
                initialized = total
            }
        }
        var joined = LineHits()
        joined.numbers = fill { part, index in parts[part].numbers[index] + linesBefore[part] }
        joined.names = fill { part, index in
            let name = parts[part].names[index]
            return renumbered[part].map { $0[Int(name)] } ?? name
        }
        return joined
    }
}
