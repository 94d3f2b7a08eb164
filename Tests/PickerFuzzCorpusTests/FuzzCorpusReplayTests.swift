import Foundation
import PickerFuzzChecks
import XCTest

/// Every input of the committed fuzz corpus, `Fuzz/corpus/<target>`, replayed through its
/// target's check as `scripts/fuzz` runs it: what the fuzzer once reached stays checked by every
/// test run, without libFuzzer.
final class FuzzCorpusReplayTests: XCTestCase {
    func testFriendsJSON() throws { try replay("friends-json") }
    func testStandardInput() throws { try replay("standard-input") }
    func testGraphResponse() throws { try replay("graph-response") }
    func testTerminalText() throws { try replay("terminal-text") }
    func testTerminalInput() throws { try replay("terminal-input") }
    func testVCard() throws { try replay("vcard") }
    func testVCardRecovery() throws { try replay("vcard-recovery") }
    func testContactsCSV() throws { try replay("contacts-csv") }
    func testCSVDialect() throws { try replay("csv-dialect") }
    func testFacebookExport() throws { try replay("facebook-export") }
    func testFriendCache() throws { try replay("friend-cache") }
    func testDeviceLogin() throws { try replay("device-login") }
    func testSearch() throws { try replay("search") }
    func testRedaction() throws { try replay("redaction") }
    func testZipArchive() throws { try replay("zip-archive") }
    func testDAVAnswer() throws { try replay("dav-answer") }

    /// Every folder of the corpus has its check here, and every check its folder.
    func testEveryCorpusIsReplayed() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        XCTAssertEqual(Set(folders), Set(Self.checks.keys))
    }

    /// The check of each target, by the name of its corpus folder (the target's name in
    /// `scripts/fuzz`).
    private static let checks: [String: @Sendable (UnsafeRawBufferPointer) throws(FuzzFailure) -> Void] = [
        "friends-json": checkFriendsJSON, "standard-input": checkStandardInput,
        "graph-response": checkGraphResponse, "terminal-text": checkTerminalText,
        "terminal-input": checkTerminalInput, "vcard": checkVCard, "vcard-recovery": checkVCardRecovery,
        "contacts-csv": checkContactsCSV, "csv-dialect": checkCSVDialect,
        "facebook-export": checkFacebookExport, "friend-cache": checkFriendCache,
        "device-login": checkDeviceLoginResponse, "search": checkSearch, "redaction": checkRedaction,
        "zip-archive": checkZipArchive, "dav-answer": checkDAVAnswer,
    ]

    /// The longest input the fuzzer gives a target (its `-max_len`): a longer file is cut there,
    /// as the fuzzer reads it.
    private static let maximumLength = 8192

    private static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    /// Runs every file of the corpus of `target` through its check; a broken property fails the
    /// test with the file's name and goes on with the next file.
    private func replay(_ target: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let check = try XCTUnwrap(Self.checks[target], "no check for \(target)", file: file, line: line)
        let folder = Self.corpus.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertFalse(names.isEmpty, "no inputs in \(folder.path)", file: file, line: line)
        for name in names {
            let input = Array(try Data(contentsOf: folder.appendingPathComponent(name)).prefix(Self.maximumLength))
            do {
                try input.withUnsafeBytes { try check($0) }
            } catch {
                XCTFail("Fuzz/corpus/\(target)/\(name): \(error)", file: file, line: line)
            }
        }
    }
}
