import Foundation
import Glibc

/// The path of this test process's folder, for the handler that removes it at exit.
nonisolated(unsafe) private var processFolderPath: [CChar] = []

/// Where the tests put their files: one folder of this test process under the system's
/// temporary directory, removed when the process exits, so that a test run leaves nothing
/// behind however its tests end. It is also the temporary directory of every program the tests
/// start (`TMPDIR`): the compiler and the package manager, which `scripts/install` runs, leave
/// folders of their own in it.
package enum TemporaryFolder {
    /// The process's folder, made on first use.
    package static let root: URL = {
        let system = URL(fileURLWithPath: NSTemporaryDirectory()).standardizedFileURL.path
        var template = Array("\(system)/picker-tests-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot make a temporary folder: \(errno)") }
        let path = String(cString: made)
        // As any folder the tests make: other users may read it (tests run a program as nobody).
        chmod(path, 0o755)
        processFolderPath = Array(path.utf8CString)
        setenv("TMPDIR", path, 1)
        atexit {
            let path = processFolderPath.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            try? FileManager.default.removeItem(atPath: path)
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }()

    /// A new empty folder in the process's folder, its name starting with `purpose`.
    package static func make(_ purpose: String) throws -> URL {
        let folder = root.appendingPathComponent("\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
