import Foundation

/// Runs `picker-bench load` as a child process per measurement, so that each one has its own
/// peak memory and starts cold, and prints the medians as a Markdown table.
func runBenchmarks(directory: String, sizes: [Int], runs: Int) {
    print("| friends | source | first frame | fully loaded | peak memory | frame build | keystroke p50 | p99 | max |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for size in sizes {
        for (label, file, flags) in [
            ("JSON", "\(directory)/friends-\(size).json", [String]()),
            ("text", "\(directory)/names-\(size).txt", ["--text"]),
        ] {
            var measurements: [LoadMeasurement] = []
            for _ in 0..<runs {
                guard let measurement = measureInChild(["load", file] + flags) else { continue }
                measurements.append(measurement)
            }
            guard !measurements.isEmpty else { continue }
            let keystrokes = measurements.flatMap(\.keystrokes)
            let cells = [
                "\(measurements[0].friends)", label,
                ms(median(measurements.map(\.firstFrame))), ms(median(measurements.map(\.loaded))),
                String(format: "%.0f MB", median(measurements.map(\.peakMB))),
                ms(median(measurements.flatMap(\.frameBuild))),
                ms(percentile(keystrokes, 0.5)), ms(percentile(keystrokes, 0.99)), ms(keystrokes.max() ?? .nan),
            ]
            print("| " + cells.joined(separator: " | ") + " |")
        }
    }
}

private func ms(_ seconds: Double) -> String {
    seconds < 0.01 ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.0f ms", seconds * 1000)
}

/// The measurement a child `picker-bench` process with `arguments` prints, or nil when it failed.
func measureInChild(_ arguments: [String]) -> LoadMeasurement? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !CommandLine.arguments[0].contains("/") {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    do {
        try process.run()
    } catch {
        FileHandle.standardError.write(Data("picker-bench: cannot run a measurement: \(error)\n".utf8))
        return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try? JSONDecoder().decode(LoadMeasurement.self, from: data)
}
