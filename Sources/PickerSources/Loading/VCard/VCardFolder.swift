import Glibc
import PickerStore

/// A folder of `.vcf` files read as one address book: a vdir, as vdirsyncer writes it and khard
/// reads it (one contact a file), or any folder of cards (several a file).
///
/// The files are the folder's entries whose names end in `.vcf` (in any case) and do not start
/// with a dot (vdirsyncer's files on their way in), read in the order of their names. Each is
/// opened from the open folder (``InputFile``, ``InputFile/Trust/contained``): a symbolic link,
/// a folder or anything else but a regular file is refused, and a file larger than
/// ``ReadLimit/cardFile`` too. A file that cannot be read, or is not vCard, costs only itself:
/// none of its cards is kept, and the pages tell it (``FriendPage/problems``): the first few by
/// name, and how many of the folder's files were skipped.
package enum VCardFolder {
    /// How many skipped files are named one by one; the count tells the rest.
    package static let namedProblems = 5

    /// Whether the entries `names` of a folder make it an address book: one of them is a
    /// `.vcf` file.
    static func holdsCards(_ names: [String]) -> Bool {
        names.contains(where: isCardFile)
    }

    /// Whether an entry named `name` is read as a card file.
    static func isCardFile(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.utf8.count > 4 && name.lowercased().hasSuffix(".vcf")
    }

    /// Delivers the friends of the card files among `names`, the entries of the open folder
    /// `folder`, in pages.
    /// - Throws: ``SourceError`` naming the folder when every one of its card files was
    ///   skipped, or when together they pass ``ReadLimit/source``.
    static func read(_ folder: InputFile, names: [String], _ deliver: (FriendPage) -> Void) throws(SourceError) {
        let files = names.filter(isCardFile).sorted()
        let prefix = folder.name.hasSuffix("/") ? folder.name : folder.name + "/"
        var pages = PageCollector()
        var problems: [SourceError] = []
        var skippedFiles = 0
        var bytesRead = 0
        for name in files {
            let read: (friends: [Friend], skipped: Int, firstSkipped: SkippedEntry)
            do throws(SourceError) {
                let file = try InputFile.open(
                    name, in: folder.descriptor, trust: .contained, limit: .cardFile, shownAs: prefix + name)
                read = try cards(in: file)
                bytesRead += file.bytesRead
            } catch {
                skippedFiles += 1
                if problems.count < namedProblems { problems.append(error) }
                continue
            }
            guard bytesRead <= ReadLimit.source.bytes else {
                throw ReadLimit.source.exceeded(by: folder.name, isStream: true)
            }
            for friend in read.friends { pages.add(friend, deliver) }
            for _ in 0..<read.skipped { pages.skip(read.firstSkipped) }
        }
        guard skippedFiles < files.count || files.isEmpty else {
            let first = problems.first.map { " (the first: \($0.description))" } ?? ""
            throw SourceError(
                source: folder.name, problem: "none of its \(files.count) .vcf files could be read\(first)")
        }
        if skippedFiles > 0 {
            let files = files.count == 1 ? "1 .vcf file" : "\(files.count) .vcf files"
            let more = skippedFiles > problems.count ? ", \(problems.count) named above" : ""
            problems.append(
                SourceError(source: folder.name, problem: "\(skippedFiles) of its \(files) skipped\(more)"))
        }
        pages.finish(deliver)
        if !problems.isEmpty {
            var page = FriendPage(friends: [])
            page.problems = problems
            deliver(page)
        }
    }

    /// The friends of the card file `file`, read whole, and how many of its cards had no name.
    /// The friends of the cards `file` holds, how many of its cards were skipped, and the first
    /// of them, its place in the file named.
    private static func cards(in file: InputFile) throws(SourceError) -> (
        friends: [Friend], skipped: Int, firstSkipped: SkippedEntry
    ) {
        var friends: [Friend] = []
        var skipped = 0
        var firstSkipped: SkippedEntry?
        let head = try StandardInput.readHead(file)
        guard head.withUnsafeBufferPointer({ SourceFormat.of($0) }) == .vCard else {
            throw SourceError(source: file.name, problem: "is not a vCard (it does not start with BEGIN:VCARD)")
        }
        var reader = VCardReader(source: file.name)
        try reader.readAll(.stream(file, head: head), source: file.name) { page in
            friends += page.friends
            skipped += page.skipped
            firstSkipped = firstSkipped ?? page.firstSkipped
        }
        let first = firstSkipped ?? SkippedEntry(place: "", problem: "a card could not be read")
        return (friends, skipped, SkippedEntry(place: "\(file.name), \(first.place)", problem: first.problem))
    }
}

extension ReadLimit {
    /// One file of a folder of cards: 16 MB, room for a card with a large photo.
    package static let cardFile = ReadLimit(bytes: 16 << 20, bounded: "a card file")
}
