import Foundation
import Glibc

/// The ports a test service started as `pid` prints on its standard output, the file
/// `output`, as one line `PORTS P1 P2 …`, once it has printed `count` of them.
/// - Throws: when it has not within 10 seconds (the service is then killed), naming `service`.
func printedPorts(_ count: Int, in output: URL, by pid: pid_t, service: String) throws -> [Int] {
    let deadline = Date().addingTimeInterval(10)
    while true {
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let words = text.split(whereSeparator: \.isWhitespace)
        let ports = words.dropFirst().compactMap { Int($0) }
        if words.first == "PORTS", ports.count == count { return ports }
        if Date() > deadline {
            Glibc.kill(pid, SIGKILL)
            throw HarnessError("\(service) did not start: \(text)")
        }
        usleep(20_000)
    }
}
