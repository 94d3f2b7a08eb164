/// The sort keys (``SortEntry``) of the names of lines as ``LineOrder`` holds them: the prefix
/// of each (``ListOrder/Prefix``), made on every core, and the key itself made again from the
/// name's bytes where two prefixes cannot tell the names apart, which few are.
final class NameSortKeys {
    /// The prefix of each name's key, by name.
    let prefixes: [ListOrder.Prefix]
    private let names: LineNames
    private let text: UnsafeBufferPointer<UInt8>
    private let sortOrder: NameOrder
    private var folding = TextFolding()
    private var keys: ([UInt8], [UInt8]) = ([], [])

    /// The keys of `names`, lines of `text`, in a list sorted by `sortOrder`.
    init(_ names: LineNames, in text: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder) {
        (self.names, self.text, self.sortOrder) = (names, text, sortOrder)
        let parts = Parallel.ranges(names.count, minimum: 4096)
        let shared = UncheckedSendable(text)
        prefixes = [ListOrder.Prefix](unsafeUninitializedCapacity: names.count) { buffer, initialized in
            let output = UncheckedSendable(buffer)
            _ = Parallel.map(parts.count) { part in
                var folding = TextFolding()
                var key: [UInt8] = []
                for name in parts[part] {
                    let bytes = Self.bytes(of: name, names, in: shared.value)
                    // Most names are printable ASCII, or accented Latin letters folded to it,
                    // whose prefix is made without the key.
                    if let prefix = PrintableASCIIName.with(
                        bytes, folding: &folding, { $0.prefix(sortOrder: sortOrder) })
                    {
                        output.value.initializeElement(at: name, to: prefix)
                        continue
                    }
                    Self.key(of: bytes, sortOrder: sortOrder, folding: &folding, into: &key)
                    output.value.initializeElement(
                        at: name, to: key.withUnsafeBufferPointer { ListOrder.Prefix($0, 0..<$0.count) })
                }
            }
            initialized = names.count
        }
    }

    /// Whether name `a`'s key comes before name `b`'s, or is equal (nil).
    func compare(_ a: Int, _ b: Int) -> Bool? {
        if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
        if prefixes[a].holdsWholeKey { return nil }
        Self.key(of: Self.bytes(of: a, names, in: text), sortOrder: sortOrder, folding: &folding, into: &keys.0)
        Self.key(of: Self.bytes(of: b, names, in: text), sortOrder: sortOrder, folding: &folding, into: &keys.1)
        let order = compareBytes(keys.0.withUnsafeBufferPointer { $0 }, keys.1.withUnsafeBufferPointer { $0 })
        return order == 0 ? nil : order < 0
    }

    /// How name `name`'s key compares with `key`, whose prefix is `prefix`: below zero when it
    /// comes first, zero when they are equal, above zero when it comes after.
    func compare(_ name: Int, toKey key: UnsafeBufferPointer<UInt8>, prefix: ListOrder.Prefix) -> Int {
        if prefixes[name] != prefix { return prefixes[name] < prefix ? -1 : 1 }
        if prefix.holdsWholeKey { return 0 }
        Self.key(of: Self.bytes(of: name, names, in: text), sortOrder: sortOrder, folding: &folding, into: &keys.0)
        return compareBytes(keys.0.withUnsafeBufferPointer { $0 }, key)
    }

    /// The bytes of name `name` of `names`, lines of `text`.
    private static func bytes(
        of name: Int, _ names: LineNames, in text: UnsafeBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        let place = names.place(name)
        return UnsafeBufferPointer(rebasing: text[Int(place.lowerBound)..<Int(place.upperBound)])
    }

    /// Puts the sort key of the name `bytes` into `key`.
    private static func key(
        of bytes: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder, folding: inout TextFolding, into key: inout [UInt8]
    ) {
        key.removeAll(keepingCapacity: true)
        SortEntry.append(name: bytes, givenParts: nil, sortOrder: sortOrder, folding: &folding, to: &key)
    }
}
