import Foundation
import PickerKit

/// What one run of loading a file and typing into the picker measured, in seconds and MB.
struct LoadMeasurement: Codable {
    var firstFrame = 0.0
    var loaded = 0.0
    var friends = 0
    var peakMB = 0.0
    var frameBuild: [Double] = []
    var keystrokes: [Double] = []
    /// With a refresh: reading its file whole off screen, replacing the list with it, and the
    /// peak memory with both lists.
    var refreshRead = 0.0
    var replace = 0.0
    var refreshPeakMB = 0.0
}

/// Loads `path` the way the picker does (pages read on one thread, made into batches on
/// another, delivered into the state machine, first screen drawn as soon as the first batch is
/// in), then types the benchmark queries.
/// With `refresh`, the list is then replaced by that JSON file's, read whole, as a cached
/// copy is once its source is read again.
func measureLoad(
    path: String, text: Bool, cache: Bool = false, refresh: String? = nil, start: Double
) throws -> LoadMeasurement {
    var measurement = LoadMeasurement()
    let size = TerminalSize(rows: 50, columns: 120)
    var state = PickerState(size: size)
    let batches = BoundedQueue<FriendBatch>(capacity: 1)
    let loader: FriendLoader =
        cache
        ? try CacheBench.cachedFriends(in: path).loader
        : text ? TextFileLoader(path: path) : FriendSource.file(path).loader(token: nil, timeout: 0)
    let reader = Thread {
        do {
            try BatchPipeline.run(loader, sortOrder: .first) { batch, _ in
                // Joined while the list is behind, as the picker's loader joins them.
                batches.put(batch) { $0.join($1) }
            }
        } catch {
            FileHandle.standardError.write(Data("picker-bench: \(error)\n".utf8))
            exit(2)
        }
        batches.finish()
    }
    reader.stackSize = 8 << 20
    reader.start()
    // PICKER_BENCH_RSS=1: the memory after each batch is taken in, to see what loading holds.
    let tracesMemory = ProcessInfo.processInfo.environment["PICKER_BENCH_RSS"] != nil
    while let batch = batches.take() {
        state.send(.friendsArrived(batch))
        if tracesMemory {
            let line = String(
                format: "%7d friends  resident %.0f MB  peak %.0f MB\n", state.list.count, residentMegabytes(),
                peakMegabytes())
            FileHandle.standardError.write(Data(line.utf8))
        }
        if measurement.firstFrame == 0 {
            _ = state.frame()
            measurement.firstFrame = now() - start
        }
    }
    _ = state.frame()
    measurement.loaded = now() - start
    measurement.friends = state.list.count
    measurement.peakMB = peakMegabytes()
    if let refresh {
        var began = now()
        let (list, leftOut, total) = try FriendSource.file(refresh).loader(token: nil, timeout: 0).list(
            sortOrder: .first)
        measurement.refreshRead = now() - began
        began = now()
        state.send(.listReplaced(list, leftOut: leftOut, announcedTotal: total))
        _ = state.frame()
        measurement.replace = now() - began
        measurement.refreshPeakMB = peakMegabytes()
    }
    for _ in 0..<20 {
        let began = now()
        _ = state.frame()
        measurement.frameBuild.append(now() - began)
    }
    let showSteps = ProcessInfo.processInfo.environment["PICKER_BENCH_STEPS"] != nil
    func step(_ event: PickerEvent) {
        let began = now()
        state.send(event)
        let sent = now()
        _ = state.frame()
        measurement.keystrokes.append(now() - began)
        if showSteps {
            let line = String(
                format: "%7.2f ms (frame %.2f)  %7d shown  %@\n", (now() - began) * 1000, (now() - sent) * 1000,
                state.shown.count, state.query.text)
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
    if showSteps {
        FileHandle.standardError.write(
            Data(
                String(format: "resident after load: %.0f MB, peak %.0f MB\n", residentMegabytes(), peakMegabytes())
                    .utf8))
        for text in ["l", "le", "xq"] {
            let query = SearchQuery(text)
            var times: [Double] = []
            for _ in 0..<9 {
                let began = now()
                _ = state.list.positions(matching: query)
                times.append(now() - began)
            }
            FileHandle.standardError.write(
                Data(String(format: "positions(%@): %.2f ms\n", text, median(times) * 1000).utf8))
        }
        // A search ranked and in list order, and the typo fallback of mistyped names.
        for (text, ranking) in [
            ("l", Ranking()), ("l", nil), ("ma", Ranking()), ("ma", nil), ("an", Ranking()), ("an", nil),
        ]
            as [(String, Ranking?)]
        {
            var times: [Double] = []
            for _ in 0..<9 {
                let began = now()
                _ = state.list.search(SearchQuery(text), ranking: ranking)
                times.append(now() - began)
            }
            let how = ranking == nil ? "list order" : "ranked"
            FileHandle.standardError.write(
                Data(String(format: "search(%@, %@): %.2f ms\n", text, how, median(times) * 1000).utf8))
        }
        // A second letter typed: the first letter's friends narrowed, as the picker does.
        for (first, text) in [("l", "le"), ("m", "ma")] {
            let among = state.list.search(SearchQuery(first), ranking: Ranking()).positions
            var times: [Double] = []
            for _ in 0..<9 {
                let began = now()
                _ = state.list.search(SearchQuery(text), among: among, ranking: Ranking())
                times.append(now() - began)
            }
            FileHandle.standardError.write(
                Data(String(format: "search(%@ among %@, ranked): %.2f ms\n", text, first, median(times) * 1000).utf8))
        }
        for text in ["mraia", "kowalcyzk", "smiht lee"] {
            var times: [Double] = []
            var found = 0
            for _ in 0..<9 {
                let began = now()
                found = state.list.searchAllowingTypos(SearchQuery(text), ranking: Ranking())?.count ?? 0
                times.append(now() - began)
            }
            FileHandle.standardError.write(
                Data(String(format: "typos(%@): %.2f ms, %d found\n", text, median(times) * 1000, found).utf8))
        }
        let began = now()
        let all = Array(0..<state.list.count)
        FileHandle.standardError.write(
            Data(String(format: "0..<n: %.2f ms %d\n", (now() - began) * 1000, all.count).utf8))
    }
    if let searchKey = BenchmarkQueries.searchKey { state.send(searchKey.event) }
    for query in BenchmarkQueries.queries {
        for key in BenchmarkQueries.steps(for: query) { step(key.event) }
    }
    return measurement
}

/// A text file of names, one per line, read as the picker reads names on standard input.
struct TextFileLoader: FriendLoader {
    let path: String

    func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        try NameLines.readPages(path: path, deliver)
    }
}

/// The memory the process holds now, in MB (`/proc/self/statm`).
func residentMegabytes() -> Double {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    return Double(statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 4096 / 1_048_576
}
