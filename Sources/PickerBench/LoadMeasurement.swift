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
}

/// Loads `path` the way the picker does (pages delivered from a reader thread into the state
/// machine, first screen drawn as soon as the first page is in), then types the queries.
func measureLoad(path: String, text: Bool, queries: [String], start: Double) throws -> LoadMeasurement {
    var measurement = LoadMeasurement()
    let size = TerminalSize(rows: 50, columns: 120)
    var state = PickerState(size: size)
    let pages = PageQueue()
    let reader = Thread {
        do {
            if text {
                try NameLines.readPages(path: path) { pages.put($0) }
            } else {
                try FriendsJSON.readPages(path: path, firstPage: 2000) { pages.put($0) }
            }
        } catch {
            FileHandle.standardError.write(Data("picker-bench: \(error)\n".utf8))
            exit(2)
        }
        pages.finish()
    }
    reader.stackSize = 8 << 20
    reader.start()
    while let page = pages.take() {
        state.send(.friendsArrived(page))
        if measurement.firstFrame == 0 {
            _ = state.frame(for: size)
            measurement.firstFrame = now() - start
        }
    }
    _ = state.frame(for: size)
    measurement.loaded = now() - start
    measurement.friends = state.list.count
    measurement.peakMB = peakMegabytes()
    for _ in 0..<20 {
        let began = now()
        _ = state.frame(for: size)
        measurement.frameBuild.append(now() - began)
    }
    func step(_ event: PickerEvent) {
        let began = now()
        state.send(event)
        _ = state.frame(for: size)
        measurement.keystrokes.append(now() - began)
    }
    state.send(.startSearch)
    for query in queries {
        for character in query { step(.typed(String(character))) }
        for _ in 0..<min(2, query.count) { step(.deleteBackward) }
        for character in query.suffix(2) { step(.typed(String(character))) }
        step(.clearQuery)
    }
    return measurement
}

/// Pages handed from the reader thread to the main one.
final class PageQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var pages: [[Friend]] = []
    private var finished = false

    func put(_ page: [Friend]) {
        condition.lock()
        pages.append(page)
        condition.signal()
        condition.unlock()
    }

    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    /// The next page, waiting for it; nil once the reader has finished and every page is taken.
    func take() -> [Friend]? {
        condition.lock()
        defer { condition.unlock() }
        while pages.isEmpty && !finished { condition.wait() }
        return pages.isEmpty ? nil : pages.removeFirst()
    }
}
