import Foundation
import PickerHarness

/// The `keys` benchmark: for each file, several runs of the real picker on a pseudo-terminal
/// (``KeyLatencyHarness``), each followed by a run of the in-process measurement (`load`) on the
/// same file, and the keystroke latencies of both per query: p50, p99 and max over every key of
/// every run.
struct KeyLatencyReport: Codable {
    /// One file measured.
    struct Result: Codable {
        var file: String
        var source: String
        var friends: Int?
        var runs: [KeyLatencyRun]
        var inProcess: [LoadMeasurement]
        var rows: [Row]
    }

    /// The figures of one query (or of all of them), in seconds.
    struct Row: Codable {
        var query: String
        var keys: Int
        var p50: Double
        var p99: Double
        var max: Double
        var inProcessP50: Double?
        var inProcessP99: Double?
        var inProcessMax: Double?
    }

    var settle: Double
    var rows: Int
    var columns: Int
    var results: [Result] = []

    /// Measures `files` (path and whether it is text), `runs` times each, with `picker`.
    static func measure(
        files: [(path: String, text: Bool)], runs: Int, picker: String, settle: Double, inProcess: Bool
    ) throws(PseudoTerminal.Failure) -> KeyLatencyReport {
        var report = KeyLatencyReport(settle: settle, rows: 50, columns: 120)
        for (path, text) in files {
            let harness = KeyLatencyHarness(picker: picker, source: path, text: text, settle: settle)
            var result = Result(file: path, source: text ? "text" : "JSON", runs: [], inProcess: [], rows: [])
            for _ in 0..<runs {
                result.runs.append(try harness.run())
                if inProcess, let measurement = measureInChild(["load", path] + (text ? ["--text"] : [])) {
                    result.inProcess.append(measurement)
                }
            }
            result.friends = result.runs.first?.friends
            result.rows = rows(result)
            report.results.append(result)
        }
        return report
    }

    /// The rows of `result`: the key that opens the search, each query, and every key of the
    /// queries together.
    private static func rows(_ result: Result) -> [Row] {
        var rows: [Row] = []
        let searchKeys = result.runs.compactMap(\.searchKey).map(\.latency)
        if let key = BenchmarkQueries.searchKey, !searchKeys.isEmpty {
            rows.append(row("open the search (\(key.label))", searchKeys, nil))
        }
        // The in-process keystrokes are the same steps in the same order: cut them by query.
        var inProcess: [String: [Double]] = [:]
        for measurement in result.inProcess {
            var rest = measurement.keystrokes[...]
            for query in BenchmarkQueries.queries {
                let count = BenchmarkQueries.steps(for: query).count
                inProcess[query, default: []] += rest.prefix(count)
                rest = rest.dropFirst(count)
            }
        }
        for query in BenchmarkQueries.queries {
            let latencies = result.runs.flatMap { $0.steps.filter { $0.query == query }.map(\.latency) }
            rows.append(row(query, latencies, inProcess[query]))
        }
        let all = result.runs.flatMap { $0.steps.map(\.latency) }
        rows.append(
            row("every key of the queries", all, result.inProcess.isEmpty ? nil : inProcess.values.flatMap { $0 }))
        return rows
    }

    private static func row(_ query: String, _ latencies: [Double], _ inProcess: [Double]?) -> Row {
        Row(
            query: query, keys: latencies.count, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99),
            max: latencies.max() ?? .nan, inProcessP50: inProcess.map { percentile($0, 0.5) },
            inProcessP99: inProcess.map { percentile($0, 0.99) }, inProcessMax: inProcess.flatMap { $0.max() })
    }

    /// The report as Markdown: one table of every file's rows, then the start-up figures.
    var markdown: String {
        var lines = [
            "| friends | source | query | keys | p50 | p99 | max | in-process p50 | p99 | max |",
            "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for result in results {
            for row in result.rows {
                let cells = [
                    result.friends.map(String.init) ?? "?", result.source, row.query, String(row.keys),
                    milliseconds(row.p50), milliseconds(row.p99), milliseconds(row.max),
                    milliseconds(row.inProcessP50), milliseconds(row.inProcessP99), milliseconds(row.inProcessMax),
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        lines.append("")
        for result in results {
            lines.append(
                "\(result.file): \(result.runs.count) runs; first frame \(milliseconds(median(result.runs.map(\.firstFrame)))), "
                    + "fully loaded \(milliseconds(median(result.runs.map(\.loaded)))) (medians); "
                    + "longest gap within a redraw \(milliseconds(result.runs.map(\.longestGap).max()))")
        }
        return lines.joined(separator: "\n")
    }

    /// Each key of the queries on its own, file by file: the key and the query it leaves, the
    /// friends then shown, the bytes of the redraw, its latency (median and max of the runs),
    /// and the median in process.
    var stepsMarkdown: String {
        var lines: [String] = []
        for result in results {
            guard let first = result.runs.first else { continue }
            lines += [
                "", "\(result.file):", "", "| key → query | shown | bytes | median | max | in-process median |",
                "| --- | ---: | ---: | ---: | ---: | ---: |",
            ]
            for (index, step) in first.steps.enumerated() {
                let latencies = result.runs.compactMap {
                    $0.steps.indices.contains(index) ? $0.steps[index].latency : nil
                }
                let inProcess = result.inProcess.compactMap {
                    $0.keystrokes.indices.contains(index) ? $0.keystrokes[index] : nil
                }
                let cells = [
                    "\(step.key) → `\(step.queryAfter)`", step.shown.map(String.init) ?? "?", String(step.bytes),
                    milliseconds(median(latencies)), milliseconds(latencies.max()),
                    milliseconds(inProcess.isEmpty ? nil : median(inProcess)),
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func milliseconds(_ seconds: Double?) -> String {
        guard let seconds, !seconds.isNaN else { return "–" }
        return seconds < 0.01 ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.1f ms", seconds * 1000)
    }
}

/// `picker-bench keys`: measures the files the options name, prints the Markdown report (with
/// `--steps`, each key on its own too), and writes the whole report as JSON with `--json PATH`.
@MainActor
func runKeyLatency() {
    let files: [(path: String, text: Bool)]
    if arguments.contains("--source") {
        files = [(option("--source", default: ""), arguments.contains("--text"))]
    } else {
        let directory = option("--data", default: ".build/bench-data")
        files = option("--sizes", default: "5000,1000000").split(separator: ",").flatMap { size in
            [("\(directory)/friends-\(size).json", false), ("\(directory)/names-\(size).txt", true)]
        }
    }
    let besideThisBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("picker").path
    let picker = option("--picker", default: besideThisBinary)
    guard let settleMilliseconds = Double(option("--settle", default: "50")), settleMilliseconds > 0,
        let runs = Int(option("--runs", default: "5")), runs > 0
    else { fail(usage) }
    let report: KeyLatencyReport
    do {
        report = try KeyLatencyReport.measure(
            files: files, runs: runs, picker: picker, settle: settleMilliseconds / 1000,
            inProcess: !arguments.contains("--no-in-process"))
    } catch {
        fail(error.description)
    }
    print(report.markdown)
    if arguments.contains("--steps") { print(report.stepsMarkdown) }
    if arguments.contains("--json") {
        let path = option("--json", default: "")
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: path))
        } catch {
            fail("cannot write \(path): \(error)")
        }
    }
}
