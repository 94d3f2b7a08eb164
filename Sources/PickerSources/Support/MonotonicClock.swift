import Glibc
import PickerStore

/// Seconds on `CLOCK_MONOTONIC`, which no change of the system's time moves: the clock of
/// deadlines and waits.
package enum MonotonicClock {
    /// The seconds since some fixed moment (the machine's start).
    package static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
