import Foundation
import PickerTestSupport
import XCTest

/// A tmux test case with a folder of its own for the files it writes, made afresh for each
/// test under ``folderName``.
class FolderTestCase: TmuxTestCase {
    /// The folder of the running test.
    var directory: URL!

    /// The start of the folder's name: the test class's.
    class var folderName: String { "picker-e2e-folder" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryFolder.make(Self.folderName)
    }
}
