import FoundationEssentials
import Glibc
import PickerStore

/// Reads a source to its end, page by page.
///
/// Every source (file, standard input, Graph over HTTP) is one of these; the picker runs it on
/// a thread of its own and turns each page into a `PickerEvent.friendsArrived`.
public protocol FriendLoader: Sendable {
    /// Delivers each page to `deliver` as it arrives, in order. Blocks until the source is read.
    /// - Throws: ``SourceError`` when the source fails; pages delivered before it stay delivered.
    func load(_ deliver: (FriendPage) -> Void) throws(SourceError)
}

extension FriendLoader {
    /// Everyone the source holds, in a list sorted by `sortOrder` (which counts the contacts
    /// skipped for having no name); how many friends were left out for an id seen before; and
    /// the total the source announced last, if it did.
    /// - Throws: ``SourceError`` when the source fails, even after some friends were read.
    public func list(sortOrder: NameOrder) throws(SourceError) -> (
        list: FriendList, leftOut: Int, announcedTotal: Int?
    ) {
        try list(sortOrder: sortOrder, inputOrder: nil)
    }

    /// Everyone the source holds, as ``list(sortOrder:)`` reads them, in a list kept in
    /// `inputOrder` when one is given (`--no-sort`).
    package func list(sortOrder: NameOrder, inputOrder: InputOrder?) throws(SourceError) -> (
        list: FriendList, leftOut: Int, announcedTotal: Int?
    ) {
        var list = FriendList(sortOrder: sortOrder, inputOrder: inputOrder)
        var leftOut = 0
        var announcedTotal: Int?
        try load { page in
            leftOut += list.append(FriendBatch(page, sortOrder: sortOrder))
            announcedTotal = page.announcedTotal ?? announcedTotal
        }
        return (list, leftOut, announcedTotal)
    }
}

/// Standard input, read by its content as a file named with `--source` is (see
/// ``SourceFormat``): plain text, one name per line, delivered in growing pages as it comes;
/// JSON, delivered as one page, vCard or a contacts CSV, in growing pages, once read whole.
package struct StandardInputLoader: FriendLoader {
    /// Where the digest of every byte read goes, when the run keeps picks: standard input is
    /// known by its content in the record of picks.
    var digest: ContentDigest?

    package init(digest: ContentDigest? = nil) {
        self.digest = digest
    }

    package func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        guard let digest else {
            try Self.read(head: try StandardInput.readHead(), descriptor: 0, deliver)
            return
        }
        try digest.reading { (add) throws(SourceError) in
            try Self.read(head: try StandardInput.readHead(), descriptor: 0, seen: add, deliver)
        }
    }

    /// What standard input held, already read whole.
    package struct Preread: FriendLoader {
        let data: Data

        package init(data: Data) {
            self.data = data
        }

        package func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
            try StandardInputLoader.read(data, deliver)
        }
    }

    /// Delivers the friends of the source that starts with `head` and goes on in the open
    /// `descriptor` (standard input, or the pipe messages call `source`): text as its lines
    /// come, any other format once the rest is read. `seen` is handed every byte read, `head`
    /// first, in order.
    static func read(
        head: [UInt8], descriptor: Int32, source: String = FriendSource.standardInput.displayName,
        seen: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        guard head.withUnsafeBufferPointer({ SourceFormat.of($0) }) == .text else {
            var input = Data(head)
            input.append(try StandardInput.readAll(descriptor: descriptor, source: source))
            input.withUnsafeBytes { seen($0.bindMemory(to: UInt8.self)) }
            try read(input, source: source, deliver)
            return
        }
        try NameLines.readPages(head: head, descriptor: descriptor, source: source, seen: seen, deliver)
    }

    /// Delivers the friends of `input`, what standard input (or the source messages call
    /// `source`) held.
    static func read(
        _ input: Data, source: String = FriendSource.standardInput.displayName, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        switch SourceFormat.of(input) {
        case .json: deliver(FriendPage(friends: try FriendsJSON.decode(input, source: source)))
        case .vCard:
            var reader = VCardReader(source: source)
            try reader.readAll(.bytes(input), source: source, deliver)
        case .contactsCSV:
            var reader = ContactsCSV(source: source)
            try reader.readAll(.bytes(input), source: source, deliver)
        case .text:
            try NameLines.readPages(input, source: source, deliver)
        case .zipArchive:
            throw SourceError(
                source: source, problem: "is a .zip archive: give it with --source FILE (unzip reads files, not pipes)")
        case .wideText: throw SourceFormat.wideTextError(source)
        }
    }
}
