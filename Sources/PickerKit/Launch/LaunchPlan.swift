import Glibc
import PickerSources
import PickerStore

/// What the picker does, decided without a terminal: print friends and exit, exit with a
/// status, or open the screen on a state; with the reports for standard error that come first.
///
/// Every decision `picker` makes between reading its command line and opening the screen, and
/// after the screen closes, is made here, so that each is a value a test can look at: `--filter`,
/// `--select-1` and `--exit-0`, the friends left out for a repeated id, the `--select` ids that
/// are unknown or over `--limit`, and the status to exit with. The executable carries a plan out.
package struct LaunchPlan: Sendable {
    /// What to do once the reports are written.
    package enum Action: Sendable {
        /// Print these friends, at least one, in the options' format, then exit with
        /// ``ExitStatus/printed``.
        case print(FilterMatches)
        /// Exit with this status, printing nothing.
        case exit(ExitStatus)
        /// Open the screen on this state, sized to the terminal once it is open (send it
        /// ``PickerEvent/resized(rows:columns:)``); `loader` delivers the friends while the
        /// screen is open, or is nil when the state holds everyone already.
        case openScreen(PickerState, loader: FriendLoader?)
    }

    /// Messages for standard error, in order, before the action.
    package var reports: [String]
    /// What to do then.
    package var action: Action
    /// Lines printed before the friends, even when there are none to print (the query of
    /// `--print-query`, the key of `--expect`); a cancelled pick prints none.
    package var heading: [String] = []
    /// When the screen opens on a cached copy of a live session's friends: the source itself,
    /// read after the loader, off screen, whose whole list replaces the copy in one step
    /// (``PickerEvent/listReplaced(_:leftOut:total:)``).
    package var refresh: FriendLoader?
    /// What the run keeps for the next ones (the cached friends, the picks), for ``finish``.
    package var persistence: Persistence?

    package init(reports: [String] = [], _ action: Action) {
        self.reports = reports
        self.action = action
    }

    /// The reports standard error gets when the output is in `format`: all of them; but for a
    /// format a mail client reads (``OutputFormat/isReadByMailClient``), only those of a run
    /// that fails (exits with ``ExitStatus/error`` or ``ExitStatus/sessionRejected``), so that
    /// a broken set-up is still told, and the notes of what was left out, which mutt would
    /// show on its screen at every query, are not.
    package func reports(for format: OutputFormat) -> [String] {
        guard format.isReadByMailClient else { return reports }
        guard case .exit(let status) = action, status == .error || status == .sessionRejected else { return [] }
        return reports
    }
}

extension LaunchPlan {
    /// What `options` ask for at launch. With `--filter`, `--select-1` or `--exit-0` the whole
    /// source is read here first (the filter prints without a screen; the others decide on
    /// everyone); otherwise nothing is read, and the screen opens while the source loads.
    ///
    /// A URL source's friends are cached once read whole (unless `--no-cache`); the next run
    /// opens the screen on the cached copy and reads the source behind it (only the copy with
    /// `--offline`), while `--filter`, `--select-1` and `--exit-0` read the source itself unless
    /// `--offline` is given. The frecency of the source's friends is read for the screen (unless
    /// `--no-history`). `now` is the moment of the run, in seconds since 1970.
    package static func start(_ options: Options, now: Int64 = Int64(time(nil))) -> LaunchPlan {
        let token: String?
        do {
            token = try options.sessionToken()
        } catch {
            return LaunchPlan(reports: [error.description], .exit(error.status))
        }
        guard !options.read0 || options.source == .standardInput else {
            return LaunchPlan(
                reports: ["--read0 reads standard input: give no --source, or --source -"], .exit(.error))
        }
        var reports: [String] = []
        var persistence = Persistence(options, token: token, now: now, reports: &reports)
        let sortOrder = options.configuration.sortOrder
        do throws(SourceError) {
            let cardDAV = try CardDAVLaunch(options, now: now, reports: &reports)
            persistence.keptCardDAV = cardDAV?.kept
            var loader = options.source.loader(
                token: token, timeout: options.timeout, loadTimeout: options.loadTimeout,
                rejectionAdvice: options.rejectionAdvice, cardDAV: cardDAV?.access, input: options.input)
            if let filter = options.filter {
                let limit = options.configuration.limit
                guard persistence.cache != nil || options.offline else {
                    let (matches, leftOut, skipped, firstSkipped, encoding, problems) = try FriendFilter.matches(
                        in: options.source, matching: filter, sortOrder: sortOrder,
                        inputOrder: options.configuration.inputOrder, fields: options.configuration.fields,
                        readsRecords: options.read0, input: options.input,
                        ranked: options.configuration.ranksMatches,
                        searchesAddresses: options.configuration.searchesAddresses, token: token,
                        timeout: options.timeout,
                        loadTimeout: options.loadTimeout, rejectionAdvice: options.rejectionAdvice,
                        cardDAV: cardDAV?.access)
                    reports +=
                        problems.map(\.description) + encodingReports(encoding, source: options.source, token: token)
                        + skippedReports(skipped, first: firstSkipped, source: options.source, token: token)
                        + leftOutReports(leftOut, source: options.source, token: token)
                    var plan = LaunchPlan(reports: reports, printing: matches.prefix(limit), format: options.format)
                    plan.heading = options.printsQuery ? [filter] : []
                    return plan
                }
                let (list, leftOut) = try everyone(loader, options, token, &persistence, &reports)
                reports +=
                    list.problems.map(\.description) + leftOutReports(leftOut, source: options.source, token: token)
                let matches = FriendFilter.matches(
                    in: list, filter, ranked: options.configuration.ranksMatches,
                    searchesAddresses: options.configuration.searchesAddresses)
                var plan = LaunchPlan(
                    reports: reports, printing: FilterMatches.friends(matches).prefix(limit), format: options.format)
                plan.heading = options.printsQuery ? [filter] : []
                return plan
            }
            switch options.source {
            // Known by its content in the record of picks, standard input keeps its line
            // numbers as ids: the same bytes number the same names alike.
            case .standardInput:
                loader = StandardInputLoader(
                    digest: persistence.contentDigest, readsRecords: options.read0,
                    readsLines: options.configuration.fields.readsLines, declared: options.input)
            case .file(let path): persistence.keying = .of(file: path, declared: options.input)
            default: break
            }
            var options = options
            if let history = options.queryHistory {
                options.configuration.recalledQueries = try history.queries()
                options.configuration.keyMap = options.configuration.keyMap.recallingQueries()
            }
            var frecency = persistence.frecency(reports: &reports)
            if options.selectOne || options.exitZero {
                let (list, leftOut) = try everyone(loader, options, token, &persistence, &reports)
                if let found = persistence.frecencyOnceRead(reports: &reports) { frecency = found }
                var plan = withEveryone(list, leftOut: leftOut, options: options, frecency: frecency, token: token)
                plan.reports = reports + plan.reports
                plan.persistence = persistence
                return plan
            }
            var configuration = options.configuration
            configuration.waitingFor = waitingWords(options.source)
            var state = PickerState(
                query: options.query, preselected: options.preselected, size: unsized,
                configuration: configuration, frecency: frecency)
            var plan = LaunchPlan(reports: reports, .openScreen(state, loader: loader))
            if let kept = persistence.keptCardDAV {
                state.send(.cachedCopyShown(age: now - kept.state.savedAt, refreshing: !options.offline))
                plan.action = .openScreen(state, loader: kept.loader)
                plan.refresh = options.offline ? nil : loader
            } else if let cached = persistence.cachedFriends(reports: &plan.reports) {
                state.send(.cachedCopyShown(age: now - cached.savedAt, refreshing: !options.offline))
                plan.action = .openScreen(state, loader: cached.loader)
                plan.refresh = options.offline ? nil : loader
            } else if options.offline {
                return failed(noCachedFriends(options, token: token), reports: plan.reports)
            }
            plan.persistence = persistence
            return plan
        } catch {
            return failed(error, persistence: persistence, reports: reports)
        }
    }

    /// Everyone the source holds, read whole with `loader` and cached, or with `--offline` read
    /// from the cache; and how many were left out for an id seen before.
    private static func everyone(
        _ loader: FriendLoader, _ options: Options, _ token: String?, _ persistence: inout Persistence,
        _ reports: inout [String]
    ) throws(SourceError) -> (list: FriendList, leftOut: Int) {
        let sortOrder = options.configuration.sortOrder
        if options.offline, let kept = persistence.keptCardDAV {
            let (list, leftOut, _) = try kept.loader.list(sortOrder: sortOrder)
            return (list, leftOut)
        }
        if options.offline {
            guard let cached = persistence.cachedFriends(reports: &reports) else {
                throw noCachedFriends(options, token: token)
            }
            let (list, leftOut, _) = try cached.loader.list(
                sortOrder: sortOrder, inputOrder: options.configuration.inputOrder,
                fields: options.configuration.fields)
            return (list, leftOut)
        }
        let (list, leftOut, announcedTotal) = try loader.list(
            sortOrder: sortOrder, inputOrder: options.configuration.inputOrder, fields: options.configuration.fields)
        persistence.store(list, announcedTotal: announcedTotal, reports: &reports)
        return (list, leftOut)
    }

    /// The error of `--offline` with no cached friends of the source and session `token`.
    private static func noCachedFriends(_ options: Options, token: String?) -> SourceError {
        SourceError(
            source: options.source.displayName(redacting: token),
            problem:
                "no cached friends of this source and session to show --offline (run picker once without --offline)")
    }

    /// What `--select-1` and `--exit-0` decide with everyone at hand: `list`, the whole source,
    /// which left out `leftOut` friends for an id seen before; the screen shows `frecency`, and
    /// reports name the source with the session `token` cut out.
    static func withEveryone(
        _ list: FriendList, leftOut: Int, options: Options, frecency: Frecency = Frecency(), token: String? = nil
    ) -> LaunchPlan {
        let reports =
            list.problems.map(\.description)
            + encodingReports(list.assumedEncoding, source: options.source, token: token)
            + skippedReports(list.skipped, first: list.firstSkipped, source: options.source, token: token)
            + leftOutReports(leftOut, source: options.source, token: token)
        let matches = list.positions(
            matching: SearchQuery(options.query, searchesAddresses: options.configuration.searchesAddresses))
        let query = options.printsQuery ? [options.query] : []
        if options.exitZero && matches.isEmpty {
            var plan = LaunchPlan(reports: reports, .exit(.nothingToPrint))
            plan.heading = query
            return plan
        }
        if options.selectOne && matches.count == 1 {
            var plan = LaunchPlan(reports: reports, .print(.friends([list.friends[matches[0]]])))
            // As fzf, a pick made without a key names none.
            plan.heading = query + (options.expectsKeys ? [""] : [])
            return plan
        }
        let state = PickerState(
            loaded: list, query: options.query, preselected: options.preselected, size: unsized,
            configuration: options.configuration, frecency: frecency)
        return LaunchPlan(reports: reports, .openScreen(state, loader: nil))
    }

    /// What to do when the screen has closed on `state` with `outcome`: report the friends the
    /// state left out for a repeated id, the `--select` ids no friend has (once everyone has
    /// arrived) and those over `--limit`; then print the result, or exit without one.
    ///
    /// With `persistence` (what ``start`` planned to keep, as the screen left it), a live
    /// session's list read whole is written to the cache unless it was already, and the friends
    /// Enter prints are recorded as picked.
    package static func finish(
        _ state: PickerState, outcome: PickerState.Outcome, options: Options, persistence: Persistence? = nil
    ) -> LaunchPlan {
        // With --select-1 or --exit-0 the skipped contacts, the encoding and the problems were
        // reported when the list was read.
        let readBefore = options.selectOne || options.exitZero
        let skipped = readBefore ? 0 : state.list.skipped
        let encoding = readBefore ? nil : state.list.assumedEncoding
        // The token, read again, only to be cut out of a URL source's name.
        var token: String?
        if options.source.url != nil { token = try? options.sessionToken() }
        var reports =
            (readBefore ? [] : state.list.problems.map(\.description))
            + encodingReports(encoding, source: options.source, token: token)
            + skippedReports(skipped, first: state.list.firstSkipped, source: options.source, token: token)
            + leftOutReports(state.leftOut, source: options.source, token: token)
        if state.loading == .complete {
            reports += state.pendingSelection.map { "--select: no friend has the id '\($0)'" }
        }
        if let limit = options.configuration.limit {
            reports += state.refusedSelection.map { "--select: '\($0)' left out, over --limit \(limit)" }
        }
        if var persistence {
            persistence.storeWhenWhole(state, reports: &reports)
            // Standard input's picks are kept once it has been read whole, by its content.
            if outcome == .finished, let history = persistence.history, !state.result.isEmpty,
                let source = persistence.keyInHistory()
            {
                do throws(PrivateFileError) {
                    try history.record(state.result, source: source, keying: persistence.keying, now: persistence.now)
                } catch {
                    reports.append(error.description)
                }
            }
        }
        guard outcome != .cancelled else { return LaunchPlan(reports: reports, .exit(.cancelled)) }
        if let history = options.queryHistory {
            do throws(PrivateFileError) {
                try history.record(state.query.text)
            } catch {
                reports.append(error.description)
            }
        }
        var plan = LaunchPlan(reports: reports, printing: .friends(state.result), format: options.format)
        plan.heading =
            (options.printsQuery ? [state.query.text] : []) + (options.expectsKeys ? [state.endingKey ?? ""] : [])
        return plan
    }

    /// A source that failed: after `reports`, its message, and the status it calls for. When
    /// the service rejected the session, the session's cached friends (in `persistence`) are
    /// removed, as logging out removes them.
    package static func failed(
        _ error: SourceError, persistence: Persistence? = nil, reports: [String] = []
    ) -> LaunchPlan {
        var reports = reports + [error.description]
        if error.rejectsSession, let cache = persistence?.cache {
            do throws(PrivateFileError) {
                try cache.remove()
            } catch {
                reports.append(error.description)
            }
        }
        return LaunchPlan(reports: reports, .exit(error.rejectsSession ? .sessionRejected : .error))
    }

    /// Prints `matches`, or exits with ``ExitStatus/nothingToPrint`` when there are none; the
    /// mail formats always print (their printout says when there is nobody).
    private init(reports: [String], printing matches: FilterMatches, format: OutputFormat) {
        let prints = matches.count > 0 || format.printsOnePart
        self.init(reports: reports, prints ? .print(matches) : .exit(.nothingToPrint))
    }

    /// What the title says the screen waits for until `source` delivers its first friends: the
    /// host a URL source connects to, the name of a file, or standard input.
    static func waitingWords(_ source: FriendSource) -> String {
        switch source {
        case .url(let url): return "connecting to \(url.host ?? source.displayName)"
        case .cardDAV(let url): return "syncing with \(CardDAVAddress(url)?.host ?? source.displayName)"
        case .standardInput: return "reading standard input"
        case .file(let path):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return "reading \(name)"
        case .several(let sources): return "reading \(sources.count) sources"
        }
    }

    /// The size of a state made before the terminal is open.
    private static let unsized = TerminalSize(rows: 0, columns: 0)

    /// What standard error says when text of `source` that was not UTF-8 was read as
    /// `encoding`: nothing when none was.
    private static func encodingReports(_ encoding: String?, source: FriendSource, token: String?) -> [String] {
        source.encodingNote(encoding, redacting: token).map { [$0] } ?? []
    }

    /// What standard error says of `skipped` entries of `source` left out, the first of them
    /// `first`: nothing when none were.
    private static func skippedReports(_ skipped: Int, first: SkippedEntry?, source: FriendSource, token: String?)
        -> [String]
    {
        source.skippedNote(skipped, first: first, redacting: token).map { [$0] } ?? []
    }

    /// What standard error says when `leftOut` friends of `source` were left out for an id seen
    /// before (an id the source gave twice, or, in an address book without ids, the same contact
    /// written twice alike): nothing when none were.
    private static func leftOutReports(_ leftOut: Int, source: FriendSource, token: String?) -> [String] {
        guard leftOut > 0 else { return [] }
        let friends = leftOut == 1 ? "1 friend" : "\(leftOut) friends"
        return [
            "\(source.displayName(redacting: token)): \(friends) left out as given before (the same id, or the same contact twice; the first is kept)"
        ]
    }
}
