import Dispatch
import FoundationEssentials
import Glibc
import PickerSources
import PickerStore
import Synchronization

/// `--filter`: the friends a whole source holds that a query includes, in the order the picker
/// shows them (best first, or in list order with `--no-rank`), found without a screen. The
/// record of friends picked is not read: the order depends on the source and the query alone.
package enum FriendFilter {
    /// What a filter found: the matches; how many friends were left out for an id seen before;
    /// how many entries were skipped, with the first of them; the encoding text that was not
    /// UTF-8 was read as; and what the source passed over.
    package typealias Found = (
        matches: FilterMatches, leftOut: Int, skipped: Int, firstSkipped: SkippedEntry?, encoding: String?,
        problems: [SourceError]
    )

    /// The friends `source` holds that `query` includes, best first when `ranked` (see
    /// ``MatchTier``), and in the order of a list sorted by `sortOrder` among equals; how many
    /// friends were left out for an id seen before; how many entries were skipped (cards or
    /// records that could not be read, contacts with neither a name nor an address), with the
    /// first of them, and the encoding text that was not UTF-8 was read as; and what the source
    /// passed over (``FriendPage/problems``). Plain text on standard input is searched line by line
    /// before anything is sorted (its ids, the line numbers, never repeat), and so is a text file;
    /// of a JSON document, file or pipe, only the friends that may match are listed and searched
    /// (``FilterCandidates``). `input` (`--input`) says what a file or standard input holds when
    /// its content would be taken for another format. `token`, `timeout`, `loadTimeout` and `rejectionAdvice` serve URL sources only (see
    /// ``FriendSource/loader(token:timeout:loadTimeout:rejectionAdvice:)``), `cardDAV` CardDAV
    /// sources.
    /// - Throws: ``SourceError`` when the source fails, even after some friends were read.
    package static func matches(
        in source: FriendSource, matching query: String, sortOrder: NameOrder, inputOrder: InputOrder? = nil,
        fields: NameFields = NameFields(), readsRecords: Bool = false, input declared: InputFormat? = nil,
        ranked: Bool = true,
        searchesAddresses: Bool = false, token: String?,
        timeout: Double, loadTimeout: Double = GraphFriendsLoader.defaultLoadTimeout, rejectionAdvice: String? = nil,
        cardDAV: CardDAVAccess? = nil
    ) throws(SourceError) -> Found {
        if let input = try textInput(source) {
            // Text is searched whole, in place; any other format is read as it comes.
            let head = try StandardInput.readHead(input)
            let format = head.withUnsafeBufferPointer {
                SourceFormat.isBlank($0) ? nil : SourceFormat.of($0, declared: declared)
            }
            if !readsRecords, fields.readsLines || format == .text, format != nil || source == .standardInput {
                let data = try StandardInput.readAll(input, after: head)
                let lines = try LineFilter.matches(
                    in: FriendsJSON.withoutByteOrderMark(data), source: source.displayName, matching: query,
                    fields: fields, sortOrder: sortOrder, inputOrder: inputOrder, ranked: ranked)
                return (.lines(lines), 0, 0, nil, nil, [])
            }
            if format == .json, !readsRecords, fields == NameFields() {
                let loader =
                    source == .standardInput
                    ? StandardInputLoader(head: head, declared: declared)
                    : source.loader(
                        token: token, timeout: timeout, loadTimeout: loadTimeout, rejectionAdvice: rejectionAdvice,
                        cardDAV: cardDAV, input: declared)
                return try candidateMatches(
                    of: loader, matching: query, sortOrder: sortOrder, inputOrder: inputOrder, ranked: ranked,
                    searchesAddresses: searchesAddresses)
            }
            if source == .standardInput {
                return try matches(
                    of: StandardInputLoader(head: head, readsRecords: readsRecords, declared: declared),
                    matching: query,
                    sortOrder: sortOrder, inputOrder: inputOrder, fields: fields, ranked: ranked,
                    searchesAddresses: searchesAddresses)
            }
        }
        let loader = source.loader(
            token: token, timeout: timeout, loadTimeout: loadTimeout, rejectionAdvice: rejectionAdvice,
            cardDAV: cardDAV,
            input: declared)
        return try matches(
            of: loader, matching: query, sortOrder: sortOrder, inputOrder: inputOrder, fields: fields, ranked: ranked,
            searchesAddresses: searchesAddresses)
    }

    /// Standard input, or the file `source` names when it is a regular file: what may hold text
    /// to search line by line; nil for any other source (a pipe named is read once, by its
    /// loader).
    private static func textInput(_ source: FriendSource) throws(SourceError) -> InputFile? {
        switch source {
        case .standardInput: return try InputFile.standardInput()
        case .file(let path):
            // A pipe is not opened here: a writer waiting for its reader would take this one for it.
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            let file = try InputFile.open(path, trust: .named, limit: .source)
            return file.isRegular ? file : nil
        default: return nil
        }
    }

    /// The friends `loader` reads that `query` includes, from a list of everyone it reads.
    static func matches(
        of loader: FriendLoader, matching query: String, sortOrder: NameOrder, inputOrder: InputOrder?,
        fields: NameFields, ranked: Bool, searchesAddresses: Bool
    ) throws(SourceError) -> Found {
        let (list, leftOut, _) = try loader.list(sortOrder: sortOrder, inputOrder: inputOrder, fields: fields)
        let found = matches(in: list, query, ranked: ranked, searchesAddresses: searchesAddresses)
        let result: Found = (
            .friends(found), leftOut, list.skipped, list.firstSkipped, list.assumedEncoding, list.problems
        )
        letGo(of: list)
        return result
    }

    /// Lets go of `list` on a thread of its own, while the matches are printed: freeing a
    /// million contacts' strings and details took a fifth of a second, after everything else.
    /// The process may end before the thread does, which frees only memory. On this thread
    /// when no other can be made.
    private static func letGo(of list: consuming FriendList) {
        let held = Held(list)
        _ = PosixThread.start { held.list = nil }
    }

    /// A list on its way to the thread that lets go of it: held by the box alone, so that it
    /// is freed where the thread empties the box, never where the box is let go of first.
    private final class Held: @unchecked Sendable {
        var list: FriendList?

        init(_ list: consuming FriendList) {
            self.list = list
        }
    }

    /// The friends of the JSON document `loader` reads that `query` includes, as
    /// ``matches(of:matching:sortOrder:inputOrder:fields:ranked:searchesAddresses:)`` finds them:
    /// the names alone ordered as lines of text are, without a list, and the other friends that
    /// may match found by a list of them alone and put among the names (``FilterCandidates``).
    static func candidateMatches(
        of loader: FriendLoader, matching query: String, sortOrder: NameOrder, inputOrder: InputOrder?, ranked: Bool,
        searchesAddresses: Bool
    ) throws(SourceError) -> Found {
        let candidates = FilterCandidates(query, searchesAddresses: searchesAddresses, ranked: ranked)
        var list = FriendList(sortOrder: sortOrder, inputOrder: inputOrder)
        // The candidates are found as the pages are read; the batches of the friends handed on
        // are made on the other cores.
        _ = try BatchPipeline.fill(&list, from: CandidatePages(loader: loader, candidates: candidates))
        let (lines, leftOut) = candidates.lines(among: list, sortOrder: sortOrder, inputOrder: inputOrder)
        return (.lines(lines), leftOut, list.skipped, list.firstSkipped, list.assumedEncoding, list.problems)
    }

    /// The friends of `list` that `query` includes, best first when `ranked`, a group found
    /// standing for its members (see ``FriendList/expandingGroups(_:)``); with
    /// `searchesAddresses`, a term may match an email address without holding `@`.
    static func matches(in list: FriendList, _ query: String, ranked: Bool, searchesAddresses: Bool = false) -> [Friend]
    {
        let search = SearchQuery(query, searchesAddresses: searchesAddresses)
        let positions = list.search(search, ranking: ranked ? Ranking() : nil).inOrder
        return list.expandingGroups(positions.map { list.friends[$0] })
    }
}

/// A source's pages with only the friends that may match a query (``FilterCandidates``): the
/// source is read on a thread of its own, one page ahead, while the candidates of the page
/// before are found on the calling thread, so that reading and searching overlap (while names
/// alone are kept apart, the batchers have nothing to do).
private struct CandidatePages: FriendLoader {
    let loader: FriendLoader
    let candidates: FilterCandidates

    func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        let pages = BoundedQueue<FriendPage>(capacity: 1)
        let failure = Mutex<SourceError?>(nil)
        let done = DispatchSemaphore(value: 0)
        let loader = loader
        let started = PosixThread.start {
            do throws(SourceError) {
                try loader.load { pages.put($0) }
            } catch {
                failure.withLock { $0 = error }
            }
            pages.finish()
            done.signal()
        }
        guard started else {
            // No thread to spare: the pages are read and searched in turn.
            try loader.load { deliver(candidates.candidates(of: $0)) }
            return
        }
        while let page = pages.take() { deliver(candidates.candidates(of: page)) }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
