/// The names of the lines a search found, each with its score, so that what depends on a name
/// alone, its sort key above all, is worked out once per name.
///
/// A list of generated names repeats a few of them many times (the generated million holds
/// 76,593 distinct ones), and telling them apart by their bytes (``DistinctNames``) saves most
/// of the sorting; a real friend list or address book is nearly all distinct, and there it
/// would save nothing. So the first lines are told apart, and when nearly all of them are
/// distinct, every line is taken as a name of its own.
struct LineNames: Sendable {
    /// The lines the names are, one per name (the first of each).
    private let lines: LineHits
    /// The line each name is, in `lines`; nil when every line is a name of its own.
    private let firstLines: [UInt32]?
    /// The name of each line; nil when every line is a name of its own.
    private let names: [UInt32]?

    /// How many lines are told apart, by default, before deciding whether telling them apart pays.
    static let sampleSize = 4096

    /// The names of `hits`, lines of `text`, the first `sampleSize` lines deciding whether they
    /// are told apart.
    init(_ hits: LineHits, in text: UnsafeBufferPointer<UInt8>, sampleSize: Int = Self.sampleSize) {
        lines = hits
        var distinct = DistinctNames()
        var firstLines: [UInt32] = []
        var names: [UInt32] = []
        names.reserveCapacity(hits.count)
        for index in 0..<hits.count {
            // Fewer than one line in eight repeating one before it: every line is its own name.
            if index == sampleSize, distinct.count * 8 > sampleSize * 7 {
                (self.firstLines, self.names) = (nil, nil)
                return
            }
            let name = distinct.number(of: hits.place(index), in: text)
            if Int(name) == firstLines.count { firstLines.append(UInt32(index)) }
            names.append(name)
        }
        (self.firstLines, self.names) = (firstLines, names)
    }

    /// Whether every line is a name of its own, numbered as the lines are.
    var isEveryLine: Bool { names == nil }

    /// How many names there are.
    var count: Int { firstLines?.count ?? lines.count }

    /// Where name `name`'s bytes are in the text.
    @inline(__always)
    func place(_ name: Int) -> Range<UInt32> { lines.place(line(name)) }

    /// Name `name`'s score.
    @inline(__always)
    func score(_ name: Int) -> UInt8 { lines.scores[line(name)] }

    /// The scores of the names, in order.
    var scores: [UInt8] { firstLines.map { $0.map { lines.scores[Int($0)] } } ?? lines.scores }

    @inline(__always)
    private func line(_ name: Int) -> Int { firstLines.map { Int($0[name]) } ?? name }

    /// The name of line `line`.
    @inline(__always)
    func name(of line: Int) -> Int { names.map { Int($0[line]) } ?? line }
}
