import XCTest

@testable import PickerSources
@testable import PickerStore

/// Standard input is known in the record of picks by the SHA-256 of its bytes.
final class ContentDigestTests: XCTestCase {
    func testTheDigestIsTheSHA256OfEveryByteReadInOrder() throws {
        try XCTSkipIf(SHA256.unavailability != nil, "libcrypto is not here")
        let digest = ContentDigest()
        XCTAssertNil(digest.hex, "nothing read yet")
        let pieces = [Array("Ann Lee\n".utf8), [], Array("Bob Stone\n".utf8)]
        digest.reading { add in
            for piece in pieces { piece.withUnsafeBufferPointer { add($0) } }
        }
        // sha256sum of the same bytes.
        XCTAssertEqual(digest.hex, "501e8c36437333d48cea3e5ee75eabfcfc99f0c15b59ab96cffa6112f0c65628")
    }

    func testAReadThatFailsLeavesNoDigest() {
        let digest = ContentDigest()
        XCTAssertThrowsError(
            try digest.reading { (add) throws(SourceError) in
                Array("Ann".utf8).withUnsafeBufferPointer { add($0) }
                throw SourceError(source: "standard input", problem: "cannot be read")
            })
        XCTAssertNil(digest.hex)
    }
}
