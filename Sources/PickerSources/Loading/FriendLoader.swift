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
    /// skipped for having no name), with the groups its categories make
    /// (``FriendList/categoryGroups()``); how many friends were left out for an id seen before;
    /// and the total the source announced last, if it did.
    /// - Throws: ``SourceError`` when the source fails, even after some friends were read.
    public func list(sortOrder: NameOrder) throws(SourceError) -> (
        list: FriendList, leftOut: Int, announcedTotal: Int?
    ) {
        try list(sortOrder: sortOrder, inputOrder: nil)
    }

    /// Everyone the source holds, as ``list(sortOrder:)`` reads them, in a list kept in
    /// `inputOrder` when one is given (`--no-sort`), searched in the `fields` of each name.
    package func list(sortOrder: NameOrder, inputOrder: InputOrder?, fields: NameFields? = nil) throws(SourceError)
        -> (list: FriendList, leftOut: Int, announcedTotal: Int?)
    {
        var list = FriendList(sortOrder: sortOrder, inputOrder: inputOrder, fields: fields)
        // The source is read while the pages read before are made into batches and taken in.
        let (leftOut, announcedTotal) = try BatchPipeline.fill(&list, from: self, fields: fields)
        let groups = list.categoryGroups()
        if !groups.isEmpty { list.append(FriendBatch(groups, sortOrder: sortOrder)) }
        return (list, leftOut, announcedTotal)
    }
}

/// Standard input, read by its content as a file named with `--source` is (see
/// ``SourceFormat``), as it comes and never held whole: plain text in growing pages as its
/// lines come; JSON, vCard or a contacts CSV in growing pages as they are read. At most
/// ``ReadLimit/source`` is read.
package struct StandardInputLoader: FriendLoader {
    /// The start of standard input, when it was read already to tell the format
    /// (``StandardInput/readHead(_:)``); nil to read it here.
    var head: [UInt8]?
    /// Where the digest of every byte read goes, when the run keeps picks: standard input is
    /// known by its content in the record of picks.
    var digest: ContentDigest?
    /// Whether names are ended by NUL rather than read by their format (`--read0`).
    var readsRecords = false
    /// Whether names are lines of text whatever the format looks like (see
    /// ``NameFields/readsLines``).
    var readsLines = false
    /// What `--input` says standard input holds; nil to tell it by its content.
    var declared: InputFormat?

    package init(
        head: [UInt8]? = nil, digest: ContentDigest? = nil, readsRecords: Bool = false, readsLines: Bool = false,
        declared: InputFormat? = nil
    ) {
        self.head = head
        self.digest = digest
        self.readsRecords = readsRecords
        self.readsLines = readsLines
        self.declared = declared
    }

    package func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        let input = try InputFile.standardInput(alreadyRead: head?.count ?? 0)
        guard let digest else { return try read(input, deliver) }
        try digest.reading { (add) throws(SourceError) in
            head?.withUnsafeBufferPointer(add)
            try input.observing(add) { () throws(SourceError) in try read(input, deliver) }
        }
    }

    /// Delivers the friends of `input`, standard input, whose start is ``head`` when it was
    /// read already.
    private func read(_ input: InputFile, _ deliver: (FriendPage) -> Void) throws(SourceError) {
        var head = self.head ?? []
        if self.head == nil { head = try StandardInput.readHead(input) }
        if readsRecords { return try NameLines.readPages(head: head, input: input, separator: 0, deliver) }
        if readsLines { return try NameLines.readPages(head: head, input: input, deliver) }
        try Self.read(head: head, input: input, declared: declared, deliver)
    }

    /// Delivers the friends of the source that starts with `head` and goes on in `input`
    /// (standard input, or a pipe named with `--source`), by its format or the one `declared`
    /// (`--input`), as they are read.
    static func read(
        head: [UInt8], input: InputFile, declared: InputFormat? = nil, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        let source = input.name
        switch head.withUnsafeBufferPointer({ SourceFormat.of($0, declared: declared) }) {
        case .text: try NameLines.readPages(head: head, input: input, deliver)
        case .json: try FriendsJSON.readPages(input, head: head, deliver)
        case .vCard:
            var reader = VCardReader(source: source)
            try reader.readAll(.stream(input, head: head), source: source, deliver)
        case .contactsCSV:
            var reader = ContactsCSV(source: source)
            try reader.readAll(.stream(input, head: head), source: source, deliver)
        case .zipArchive:
            throw SourceError(
                source: source, problem: "is a .zip archive: give it with --source FILE (unzip reads files, not pipes)")
        case .otherKind(let kind): throw SourceError(source: source, problem: FileKind.refusal(kind))
        case .wideText:
            // Read whole to be turned into UTF-8: wide text is rare, and small.
            let data = try StandardInput.readAll(input, after: head)
            try read(
                try SourceFormat.utf8(fromWide: data, source: source), source: source, isConverted: true,
                declared: declared, deliver)
        }
    }

    /// Delivers the friends of `input`, what standard input (or the source messages call
    /// `source`) held, already in memory; `isConverted` when it was turned into UTF-8 from
    /// UTF-16 or UTF-32 already, and is not to be again; `declared` what `--input` says it is.
    static func read(
        _ input: Data, source: String = FriendSource.standardInput.displayName, isConverted: Bool = false,
        declared: InputFormat? = nil, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        switch SourceFormat.of(input, declared: declared) {
        case .json: deliver(try FriendsJSON.page(input, source: source))
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
        case .otherKind(let kind): throw SourceError(source: source, problem: FileKind.refusal(kind))
        case .wideText:
            guard !isConverted else { return try NameLines.readPages(input, source: source, deliver) }
            try read(
                try SourceFormat.utf8(fromWide: input, source: source), source: source, isConverted: true,
                declared: declared, deliver)
        }
    }
}
