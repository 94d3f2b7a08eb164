import Foundation
import Glibc

extension TmuxSession {
    /// The picker's process id, once it runs: the process named `picker` among the pane's
    /// descendants. Fails the test when none appears within `timeout` seconds.
    func pickerProcess(timeout: TimeInterval = defaultTimeout) throws -> pid_t {
        let panePID = try tmux(["display-message", "-p", "-t", Self.pane, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let root = pid_t(panePID) else { throw HarnessError("no pane pid in '\(panePID)'") }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var pending = [root]
            while let pid = pending.popLast() {
                let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
                if comm.trimmingCharacters(in: .whitespacesAndNewlines) == "picker" { return pid }
                let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
                pending += children.split(separator: " ").compactMap {
                    pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
            usleep(20_000)
        }
        throw HarnessError("no picker process under the pane within \(timeout) s")
    }

    /// Sends `signal` to the picker.
    func send(signal: Int32) throws {
        guard Glibc.kill(try pickerProcess(), signal) == 0 else {
            throw HarnessError("kill failed: \(String(cString: strerror(errno)))")
        }
    }
}
