import Glibc
import PickerStore

/// Threads of the C library, for the few places that need a thread of their own: Foundation's
/// `Thread` would link the whole of Foundation (and ICU) into the binary, for nothing the
/// picker uses.
package enum PosixThread {
    /// Runs `body` on a new, detached thread with a stack of `stackSize` bytes; false when no
    /// thread could be made.
    package static func start(stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// Waits `seconds` (at least 0), however often a signal interrupts the wait.
    package static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        let whole = seconds.rounded(.down)
        var wait = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        var left = timespec()
        while nanosleep(&wait, &left) == -1 && errno == EINTR { wait = left }
    }

    /// A thread's work, handed to it through a pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

extension PosixThread {
    /// A lock and a condition to wait on, as `pthread_mutex_t` and `pthread_cond_t`, kept where
    /// they were made (a pthread object must not move).
    final class Condition: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        deinit {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            condition.deallocate()
            mutex.deallocate()
        }

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }
        /// Unlocks, waits for a ``broadcast()`` (or a spurious wake-up), and locks again.
        func wait() { pthread_cond_wait(condition, mutex) }
        /// Wakes every thread waiting.
        func broadcast() { pthread_cond_broadcast(condition) }
    }
}
