import Foundation
import PickerSources

/// Reads the file at `path` as `--source` does, page by page, `runs` times, and lets each page
/// go: the reader alone, with no list, batch or search after it. Prints each run's wall and
/// CPU time (user + system) and what was read.
func measureRead(path: String, runs: Int) throws {
    for _ in 0..<runs {
        let began = now()
        let cpuBefore = cpuSeconds()
        var friends = 0
        var pages = 0
        try FileSourceLoader(path: path).load { page in
            friends += page.count
            pages += 1
        }
        print(
            String(
                format: "read %.1f ms, CPU %.1f ms: %d friends in %d pages", (now() - began) * 1000,
                (cpuSeconds() - cpuBefore) * 1000, friends, pages))
    }
}

/// The CPU time this process has taken, user and system, in seconds.
private func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
