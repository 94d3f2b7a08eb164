/// What the picker does, decided without a terminal: print friends and exit, exit with a
/// status, or open the screen on a state; with the reports for standard error that come first.
///
/// Every decision `picker` makes between reading its command line and opening the screen, and
/// after the screen closes, is made here, so that each is a value a test can look at: `--filter`,
/// `--select-1` and `--exit-0`, the friends left out for a repeated id, the `--select` ids that
/// are unknown or over `--limit`, and the status to exit with. The executable carries a plan out.
public struct LaunchPlan: Sendable {
    /// What to do once the reports are written.
    public enum Action: Sendable {
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
    public var reports: [String]
    /// What to do then.
    public var action: Action

    public init(reports: [String] = [], _ action: Action) {
        self.reports = reports
        self.action = action
    }
}

extension LaunchPlan {
    /// What `options` ask for at launch. With `--filter`, `--select-1` or `--exit-0` the whole
    /// source is read here first (the filter prints without a screen; the others decide on
    /// everyone); otherwise nothing is read, and the screen opens while the source loads.
    public static func start(_ options: Options) -> LaunchPlan {
        let token: String?
        do {
            token = try options.sessionToken()
        } catch {
            return LaunchPlan(reports: [error.description], .exit(error.status))
        }
        let sortOrder = options.configuration.sortOrder
        do throws(SourceError) {
            if let filter = options.filter {
                let (matches, leftOut, skipped) = try FriendFilter.matches(
                    in: options.source, matching: filter, sortOrder: sortOrder, token: token, timeout: options.timeout,
                    rejectionAdvice: options.rejectionAdvice)
                let reports =
                    skippedReports(skipped, source: options.source) + leftOutReports(leftOut, source: options.source)
                return LaunchPlan(reports: reports, printing: matches, format: options.format)
            }
            let loader = options.source.loader(
                token: token, timeout: options.timeout, rejectionAdvice: options.rejectionAdvice)
            guard options.selectOne || options.exitZero else {
                let state = PickerState(
                    query: options.query, preselected: options.preselected, size: unsized,
                    configuration: options.configuration)
                return LaunchPlan(.openScreen(state, loader: loader))
            }
            let (list, leftOut) = try loader.list(sortOrder: sortOrder)
            return withEveryone(list, leftOut: leftOut, options: options)
        } catch {
            return failed(error)
        }
    }

    /// What `--select-1` and `--exit-0` decide with everyone at hand: `list`, the whole source,
    /// which left out `leftOut` friends for an id seen before.
    static func withEveryone(_ list: FriendList, leftOut: Int, options: Options) -> LaunchPlan {
        let reports =
            skippedReports(list.skipped, source: options.source) + leftOutReports(leftOut, source: options.source)
        let matches = list.positions(matching: SearchQuery(options.query))
        if options.exitZero && matches.isEmpty { return LaunchPlan(reports: reports, .exit(.nothingToPrint)) }
        if options.selectOne && matches.count == 1 {
            return LaunchPlan(reports: reports, .print(.friends([list.friends[matches[0]]])))
        }
        let state = PickerState(
            loaded: list, query: options.query, preselected: options.preselected, size: unsized,
            configuration: options.configuration)
        return LaunchPlan(reports: reports, .openScreen(state, loader: nil))
    }

    /// What to do when the screen has closed on `state` with `outcome`: report the friends the
    /// state left out for a repeated id, the `--select` ids no friend has (once everyone has
    /// arrived) and those over `--limit`; then print the result, or exit without one.
    public static func finish(_ state: PickerState, outcome: PickerState.Outcome, options: Options) -> LaunchPlan {
        // With --select-1 or --exit-0 the skipped contacts were reported when the list was read.
        let skipped = options.selectOne || options.exitZero ? 0 : state.list.skipped
        var reports =
            skippedReports(skipped, source: options.source) + leftOutReports(state.leftOut, source: options.source)
        if state.loading == .complete {
            reports += state.pendingSelection.map { "--select: no friend has the id '\($0)'" }
        }
        if let limit = options.configuration.limit {
            reports += state.refusedSelection.map { "--select: '\($0)' left out, over --limit \(limit)" }
        }
        guard outcome != .cancelled else { return LaunchPlan(reports: reports, .exit(.cancelled)) }
        return LaunchPlan(reports: reports, printing: .friends(state.result), format: options.format)
    }

    /// A source that failed before the screen opened: its message, and the status it calls for.
    public static func failed(_ error: SourceError) -> LaunchPlan {
        LaunchPlan(reports: [error.description], .exit(error.rejectsSession ? .sessionRejected : .error))
    }

    /// Prints `matches`, or exits with ``ExitStatus/nothingToPrint`` when there are none; the
    /// mail formats always print (their printout says when there is nobody).
    private init(reports: [String], printing matches: FilterMatches, format: OutputFormat) {
        let prints = matches.count > 0 || format.isForMail
        self.init(reports: reports, prints ? .print(matches) : .exit(.nothingToPrint))
    }

    /// The size of a state made before the terminal is open.
    private static let unsized = TerminalSize(rows: 0, columns: 0)

    /// What standard error says of `skipped` contacts of `source` left out for having no name:
    /// nothing when none were.
    private static func skippedReports(_ skipped: Int, source: FriendSource) -> [String] {
        source.skippedNote(skipped).map { [$0] } ?? []
    }

    /// What standard error says when `leftOut` friends of `source` were left out for an id seen
    /// before: nothing when none were.
    private static func leftOutReports(_ leftOut: Int, source: FriendSource) -> [String] {
        guard leftOut > 0 else { return [] }
        let friends = leftOut == 1 ? "1 friend" : "\(leftOut) friends"
        return ["\(source.displayName): \(friends) with an id seen before left out (the first of each id is kept)"]
    }
}
