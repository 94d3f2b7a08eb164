import PickerKit

/// A CardDAV server's answer, any bytes: read as XML it is a tree or a failure saying where,
/// never a crash; the responses of a `multistatus` are read from any tree; and whatever it
/// says reaches the user only through a message made safe for the terminal.
package func checkDAVAnswer(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let root: DAVXML
    do throws(DAVXML.Failure) {
        root = try DAVXML.parse(Array(input))
    } catch {
        try expectSafe(SourceError(source: "carddavs://dav.example/", problem: error.problem).description)
        return
    }
    let (responses, token) = DAVResponse.all(in: root)
    for response in responses {
        try expect(!response.href.isEmpty, "a response without an href is passed over")
        try expectSafe(SourceError(source: response.href, problem: response.key).description)
    }
    if let token { try expectSafe(SourceError(source: "token", problem: token).description) }
}
