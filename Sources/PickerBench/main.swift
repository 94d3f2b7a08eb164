import Foundation
import PickerHarness
import PickerKit

/// picker-bench: generates friends and measures the picker on them. See BENCHMARKS.md.
let usage = """
    Usage: picker-bench generate [--out DIR] [--sizes 5000,100000,1000000] [--distinct]
                                               (--distinct: every name different, as in real lists)
           picker-bench run [--data DIR] [--sizes …] [--runs 5]
           picker-bench load FILE [--text]     (one measurement, as JSON; run uses it)
           picker-bench load DIR --cache [--refresh FILE]
                                               (the same from the friend cache in DIR, then replaced by FILE's list)
           picker-bench cache [--data DIR] [--sizes …] [--runs 5] [--picker PATH]
                                               (the friend cache: writing, reading, first frame)
           picker-bench read FILE [--runs 5]   (the reader alone: FILE read as --source reads it, pages let go)
           picker-bench filter QUERY           (names on standard input; the filter path alone)
           picker-bench keys [--data DIR] [--sizes 5000,1000000] [--runs 5] [--settle 50] [--picker PATH]
                             [--source FILE [--text]] [--json PATH] [--steps] [--no-in-process]
                                               (keystroke latency of the real picker on a pseudo-terminal)
    """

let start = now()
// Large blocks straight from and back to the system, as the picker does.
if ProcessInfo.processInfo.environment["PICKER_BENCH_DEFAULT_MALLOC"] == nil {
    MemoryTuning.returnLargeBlocksToTheSystem()
}
let arguments = Array(CommandLine.arguments.dropFirst())

@MainActor
func option(_ name: String, default value: String) -> String {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    return arguments[index + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("picker-bench: \(message)\n".utf8))
    exit(2)
}

let sizes = option("--sizes", default: "5000,100000,1000000").split(separator: ",").compactMap { Int($0) }

switch arguments.first {
case "generate":
    let directory = option("--out", default: ".build/bench-data")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let distinct = arguments.contains("--distinct")
    let prefix = distinct ? "distinct-" : ""
    for size in sizes {
        let friends: [Friend]
        if distinct {
            var generator = DistinctNameGenerator()
            friends = generator.friends(size)
        } else {
            var generator = NameGenerator()
            friends = generator.friends(size)
        }
        let json = "\(directory)/\(prefix)friends-\(size).json"
        let text = "\(directory)/\(prefix)names-\(size).txt"
        try Data(NameGenerator.graphJSON(friends).utf8).write(to: URL(fileURLWithPath: json))
        try Data(NameGenerator.text(friends).utf8).write(to: URL(fileURLWithPath: text))
        print("\(json), \(text): \(size) friends")
    }
case "load":
    guard arguments.count >= 2 else { fail(usage) }
    let measurement = try measureLoad(
        path: arguments[1], text: arguments.contains("--text"), cache: arguments.contains("--cache"),
        refresh: arguments.contains("--refresh") ? option("--refresh", default: "") : nil, start: start)
    print(String(decoding: try JSONEncoder().encode(measurement), as: UTF8.self))
case "read":
    guard arguments.count >= 2 else { fail(usage) }
    try measureRead(path: arguments[1], runs: Int(option("--runs", default: "5")) ?? 5)
case "phases":
    guard arguments.count >= 2 else { fail(usage) }
    try measurePhases(path: arguments[1])
case "run":
    let directory = option("--data", default: ".build/bench-data")
    let runs = Int(option("--runs", default: "5")) ?? 5
    runBenchmarks(directory: directory, sizes: sizes, runs: runs)
case "keys":
    runKeyLatency()
case "cache":
    let besideThisBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("picker").path
    CacheBench.run(
        directory: option("--data", default: ".build/bench-data"), sizes: sizes,
        runs: Int(option("--runs", default: "5")) ?? 5, picker: option("--picker", default: besideThisBinary))
case "filter":
    guard arguments.count >= 2 else { fail(usage) }
    runFilter(query: arguments[1])
default:
    print(usage)
    exit(arguments.isEmpty ? 0 : 2)
}
