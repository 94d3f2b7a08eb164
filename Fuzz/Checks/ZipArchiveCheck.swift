import Glibc
import PickerKit

/// Any bytes named as a Facebook export's `.zip` give friends or a ``SourceError`` that names
/// the archive and is safe to show, within the bounds of what is read: the archive is written to
/// a file whose name is removed at once, and opened by its descriptor's path, as a user's
/// archive is by its path.
package func checkZipArchive(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    var template = Array("/tmp/picker-fuzz-XXXXXX.zip".utf8CString)
    let descriptor = mkstemps(&template, 4)
    guard descriptor >= 0 else { throw FuzzFailure(description: "mkstemps failed: errno \(errno)") }
    unlink(template)
    defer { close(descriptor) }
    var written = 0
    while written < input.count {
        let count = write(descriptor, input.baseAddress! + written, input.count - written)
        guard count > 0 else { throw FuzzFailure(description: "writing the archive failed: errno \(errno)") }
        written += count
    }
    let path = "/proc/self/fd/\(descriptor)"
    try expectFriendsOrSourceError(source: path) { try FacebookExport.readArchive(path).friends }
}
