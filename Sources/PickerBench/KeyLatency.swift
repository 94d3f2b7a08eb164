import Foundation
import PickerHarness
import PickerKit

/// What one run of the real picker on a pseudo-terminal measured, in seconds.
struct KeyLatencyRun: Codable {
    /// One key typed, and how long the picker took to redraw after it.
    struct Step: Codable {
        /// The benchmark query the key belongs to; empty for the key that opens the search.
        var query: String
        var key: String
        /// The query the screen showed once the redraw was over.
        var queryAfter: String
        /// From the write of the key to the last byte of the redraw.
        var latency: Double
        /// Bytes the redraw took.
        var bytes: Int
        /// Friends shown once the key was handled, as the title counts them.
        var shown: Int?
    }

    /// From the start of the picker to the last byte of its first frame.
    var firstFrame = 0.0
    /// From the start of the picker to the last byte of the first frame without the loading
    /// indicator.
    var loaded = 0.0
    /// Friends in the list, as the title counts them once loaded.
    var friends: Int?
    /// The key that opens the search, when one is needed.
    var searchKey: Step?
    /// Every key of the benchmark queries, in order.
    var steps: [Step] = []
    /// The longest wait between two reads of one redraw: how close the settle time came to
    /// cutting a redraw short.
    var longestGap = 0.0
}

/// Runs the real `picker` on a pseudo-terminal of its own and types the benchmark queries one
/// key at a time, timing each key from its write to the end of the redraw it causes.
///
/// The end of a redraw is the last byte read before the terminal has been quiet for `settle`
/// seconds: the latency is that byte's time minus the write's, so the settle time itself is not
/// counted. After each key the screen (rebuilt from the bytes by ``ScreenModel``) must show the
/// query typed so far on the search line, and the picker must exit with status 130 on Ctrl-C at
/// the end: a picker that died, hung or drew something else fails the run instead of being
/// measured. Every wait has a deadline.
struct KeyLatencyHarness {
    var picker: String
    /// The friends: a JSON file given with `--source FILE`, or a text file (one name a line)
    /// given on standard input with `--source -`.
    var source: String
    var text: Bool
    var settle: Double
    /// The picker's arguments, in place of `--source` and the file (which then only names the
    /// run in messages).
    var arguments: [String]?
    var rows = 50
    var columns = 120
    /// The longest the first frame may take to come.
    var startDeadline = 30.0
    /// The longest the whole list may take to load.
    var loadDeadline = 120.0
    /// The longest one key's redraw may take.
    var keyDeadline = 5.0

    private let configuration = PickerConfiguration()

    func run() throws(PseudoTerminal.Failure) -> KeyLatencyRun {
        var environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]
        // A sanitized picker is run with the sanitizer's options the bench was given (under
        // strace, leak checking must stay off: LeakSanitizer fails under ptrace).
        for name in [
            "PATH", "HOME", "ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS", "SWIFT_BACKTRACE",
        ] {
            environment[name] = ProcessInfo.processInfo.environment[name]
        }
        // The picker keeps nothing in the user's directories and finds nothing of theirs there
        // (no picks listed under "Recent", no stored session): its XDG base directories are the
        // run's own, removed after it.
        let keeping = FileManager.default.temporaryDirectory.appendingPathComponent("picker-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: keeping) }
        for (variable, folder) in [
            ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config"),
        ] {
            environment[variable] = keeping.appendingPathComponent(folder).path
        }
        let start = now()
        let terminal = try PseudoTerminal(rows: rows, columns: columns)
        try terminal.start(
            picker, arguments: arguments ?? ["--source", text ? "-" : source], environment: environment,
            input: text ? source : "/dev/null", output: "/dev/null")
        ChildOnSignals.end(terminal.pid)
        defer {
            terminal.stop()
            ChildOnSignals.end(0)
        }
        var screen: ScreenModel { terminal.screen }
        var measured = KeyLatencyRun()

        let first = try terminal.readRedraw(settle: settle, deadline: start + startDeadline)
        guard !first.bytes.isEmpty else { throw failure("no first frame within \(startDeadline) s", screen) }
        measured.firstFrame = first.lastByte - start
        measured.loaded = measured.firstFrame
        // While loading, the title has a spinner (a braille pattern) and says what it waits for
        // ("reading friends.json…") or "loading…", "loading 30/900" when the source gave a total.
        while Self.isLoading(screen.line(0)) || !screen.line(0).hasPrefix(configuration.title) {
            // While loading, the spinner turns every 120 ms: a picker quiet for a key's deadline hangs.
            let quietUntil = measured.loaded + start + keyDeadline
            let redraw = try terminal.readRedraw(settle: settle, deadline: min(start + loadDeadline, quietUntil))
            guard !redraw.bytes.isEmpty else {
                throw failure("not loaded within \(loadDeadline) s, or no output for \(keyDeadline) s", screen)
            }
            measured.loaded = redraw.lastByte - start
        }
        measured.friends = counts(screen)?.total

        func measure(_ step: BenchmarkQueries.Step, query: String) throws(PseudoTerminal.Failure)
            -> KeyLatencyRun.Step
        {
            let written = try terminal.type(step.bytes)
            let deadline = written + keyDeadline
            let redraw = try terminal.readRedraw(settle: settle, deadline: deadline)
            let what = "'\(step.label)'" + (query.isEmpty ? "" : " of '\(query)'")
            guard !redraw.bytes.isEmpty else { throw failure("no redraw within \(keyDeadline) s of \(what)", screen) }
            guard redraw.lastByte + settle < deadline else {
                throw failure("still drawing \(keyDeadline) s after \(what)", screen)
            }
            let expected = searchLine(showing: step.queryAfter)
            guard screen.line(1) == expected else {
                throw failure("after \(what) the search line reads '\(screen.line(1))', not '\(expected)'", screen)
            }
            measured.longestGap = max(measured.longestGap, redraw.longestGap)
            return KeyLatencyRun.Step(
                query: query, key: step.label, queryAfter: step.queryAfter, latency: redraw.lastByte - written,
                bytes: redraw.bytes.count, shown: counts(screen)?.shown)
        }
        if let searchKey = BenchmarkQueries.searchKey { measured.searchKey = try measure(searchKey, query: "") }
        for query in BenchmarkQueries.queries {
            for step in BenchmarkQueries.steps(for: query) { measured.steps.append(try measure(step, query: query)) }
        }

        _ = try terminal.type([0x03])
        guard terminal.waitForExit(deadline: now() + keyDeadline) else {
            throw failure("still running \(keyDeadline) s after Ctrl-C", screen)
        }
        guard terminal.exitCode == 130 else {
            throw failure("\(terminal.statusDescription) after Ctrl-C, where the picker exits 130", screen)
        }
        return measured
    }

    /// The search line while searching for `query`, as the screen shows it (trailing spaces
    /// dropped).
    private func searchLine(showing query: String) -> String {
        var line = configuration.prompt + query
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Whether the title `line` shows the spinner of a load under way.
    private static func isLoading(_ line: String) -> Bool {
        line.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
    }

    /// The friends shown and in the list, from the title's `shown/total · n selected`.
    private func counts(_ screen: ScreenModel) -> (shown: Int, total: Int)? {
        let words = screen.line(0).split(separator: " ")
        guard let dot = words.lastIndex(of: "·"), dot > 0 else { return nil }
        let numbers = words[dot - 1].split(separator: "/").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    private func failure(_ problem: String, _ screen: ScreenModel) -> PseudoTerminal.Failure {
        PseudoTerminal.Failure("\(source): \(problem); the screen:\n\(screen.text)")
    }
}
