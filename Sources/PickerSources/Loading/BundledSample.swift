import Glibc
import PickerStore

/// Where the sample of friends shipped with the picker is, found from where the running
/// program is rather than from a path fixed when it was built: beside an installed picker
/// (`PREFIX/share/picker/sample-friends.json` for `PREFIX/bin/picker`), else in the package a
/// picker run from its build directory (`swift run`, `.build/…/picker`) was built in.
package enum BundledSample {
    /// The sample's file name.
    package static let fileName = "sample-friends.json"

    /// The places looked at for a program at `executable` (its path, links resolved), in order.
    package static func candidates(executable: String) -> [String] {
        // Byte work on the path, as it runs at every start.
        let components = executable.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        let directories = components.dropLast()
        let prefix = directories.dropLast().map { "/" + $0 }.joined()
        var places = ["\(prefix)/share/picker/\(fileName)"]
        // A program SwiftPM built lies under the package's `.build` directory.
        if let build = directories.lastIndex(where: { $0.utf8.elementsEqual(".build".utf8) }) {
            places.append(directories[..<build].map { "/" + $0 }.joined() + "/" + fileName)
        }
        return places
    }

    /// The sample of the program at `executable` (by default the running one); nil when it is
    /// in none of its ``candidates(executable:)``.
    package static func locate(executable: String? = runningExecutable()) -> String? {
        guard let executable else { return nil }
        return candidates(executable: executable).first { access($0, R_OK) == 0 }
    }

    /// The path of the running program, from `/proc/self/exe`.
    package static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What to say when no source is given and the sample is nowhere.
    package static let missing =
        "no friends to show: give --source FILE, --source - (standard input) or --source URL, or set PICKER_SOURCE (the sample \(fileName) is not beside this picker in ../share/picker/)"
}
