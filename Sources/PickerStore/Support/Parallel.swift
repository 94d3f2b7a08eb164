import Dispatch
import FoundationEssentials
import Glibc

/// Work split over the machine's cores.
package enum Parallel {
    /// How many cores there are to use.
    package static let width = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `body(0) … body(count - 1)`, computed concurrently, in order.
    package static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return count == 1 ? [body(0)] : [] }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = UncheckedSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots.value.initializeElement(at: index, to: body(index))
            }
            initialized = count
        }
    }

    /// The pieces of a ``map(_:_:)``, one after the other, each copied whole (a joined
    /// sequence would copy them an element at a time).
    package static func concatenated<T>(_ pieces: [[T]]) -> [T] {
        guard pieces.count != 1 else { return pieces[0] }
        var whole: [T] = []
        whole.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { whole += piece }
        return whole
    }

    /// `0..<count` cut into at most `parts` ranges of nearly equal size, none shorter than
    /// `minimum` unless there is only one.
    package static func ranges(_ count: Int, parts: Int? = nil, minimum: Int) -> [Range<Int>] {
        // The cores are counted only when there is enough to split (counting reads files).
        let most = count / max(minimum, 1)
        let pieces = most > 1 ? max(1, min(parts ?? width, most)) : 1
        return (0..<pieces).map { piece in (count * piece / pieces)..<(count * (piece + 1) / pieces) }
    }
}

/// A value handed to concurrent work that touches disjoint parts of it.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
