import Foundation
import PickerKit

/// `picker-bench cache`: the cache of a live session's friends, made from the generated JSON of
/// each size. Measures writing it (a list of everyone to the file), reading and checking it
/// whole, the first frame and the whole list from it in process (a child `load DIR --cache`
/// per run, as `run` does for files), then the JSON file read whole as a refresh would read
/// its service, the list replaced by it and the peak memory with both; and the first frame of
/// the real picker shown the cache with `--offline` on a pseudo-terminal (as `keys` runs it).
/// Prints a Markdown table of medians.
enum CacheBench {
    /// The source and session the bench's cache files are for.
    static let url = URL(string: "https://graph.example/v19.0/me/friends")!
    static let token = "bench-session-token"

    /// The friends cached in `directory` for the bench's source and session.
    static func cachedFriends(in directory: String) throws -> CachedFriends {
        switch try FriendCache(directory: directory, url: url, token: token).read() {
        case .friends(let friends): return friends
        case .nothing: throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory])
        case .unusable(let why), .unusableDirectory(let why):
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSDebugDescriptionErrorKey: why])
        }
    }

    /// Measures the cache of each of `sizes` friends (files in `directory`) `runs` times, with
    /// the `picker` at that path.
    static func run(directory: String, sizes: [Int], runs: Int, picker: String) {
        print(
            "| friends | file | write | read and check | first frame | fully loaded | peak memory | refresh read whole | replace | peak with both | picker: first frame |"
        )
        print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for size in sizes {
            let json = "\(directory)/friends-\(size).json"
            let cacheDirectory = "\(directory)/cache-\(size)"
            let list: FriendList
            let total: Int?
            let cache: FriendCache
            do {
                (list, _, total) = try FriendSource.file(json).loader(token: nil, timeout: 0).list(sortOrder: .first)
                cache = try FriendCache(directory: cacheDirectory, url: url, token: token)
            } catch {
                fail("\(json): \(error)")
            }
            var writes: [Double] = []
            var reads: [Double] = []
            for _ in 0..<runs {
                var began = now()
                do {
                    try cache.write(list, savedAt: Int64(Date().timeIntervalSince1970), announcedTotal: total)
                } catch {
                    fail("\(error)")
                }
                writes.append(now() - began)
                began = now()
                guard case .friends = cache.read() else { fail("\(cache.path): not read back") }
                reads.append(now() - began)
            }
            let fileSize = (try? FileManager.default.attributesOfItem(atPath: cache.path)[.size] as? Int) ?? 0
            let loads = (0..<runs).compactMap { _ in
                measureInChild(["load", cacheDirectory, "--cache", "--refresh", json])
            }
            var harness = KeyLatencyHarness(picker: picker, source: cache.path, text: false, settle: 0.05)
            harness.arguments = [
                "--source", url.absoluteString, "--session", token, "--offline", "--cache-dir", cacheDirectory,
            ]
            var screens: [KeyLatencyRun] = []
            for _ in 0..<runs {
                do {
                    screens.append(try harness.run())
                } catch {
                    fail(error.description)
                }
            }
            let cells = [
                "\(list.count)", String(format: "%.1f MB", Double(fileSize) / 1_048_576), milliseconds(median(writes)),
                milliseconds(median(reads)), milliseconds(median(loads.map(\.firstFrame))),
                milliseconds(median(loads.map(\.loaded))), String(format: "%.0f MB", median(loads.map(\.peakMB))),
                milliseconds(median(loads.map(\.refreshRead))), milliseconds(median(loads.map(\.replace))),
                String(format: "%.0f MB", median(loads.map(\.refreshPeakMB))),
                milliseconds(median(screens.map(\.firstFrame))),
            ]
            print("| " + cells.joined(separator: " | ") + " |")
        }
    }

    private static func milliseconds(_ seconds: Double) -> String {
        seconds < 0.01 ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.0f ms", seconds * 1000)
    }
}
