import Foundation

/// Monotonic time in seconds.
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The most memory this process has held, in megabytes (`getrusage` maximum resident set).
func peakMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// The value at fraction `rank` (0…1) of `values` once sorted (nearest rank).
func percentile(_ values: [Double], _ rank: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let index = min(sorted.count - 1, max(0, Int((rank * Double(sorted.count)).rounded(.up)) - 1))
    return sorted[index]
}

func median(_ values: [Double]) -> Double { percentile(values, 0.5) }
