import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The pieces of the CardDAV source: its address, the XML of its answers, the file its cards
/// are kept in, the password command.
final class CardDAVPartsTests: XCTestCase {
    func testTheAddressSaysTheServerTheUserAndWhetherAPathNamesABook() throws {
        let found = try XCTUnwrap(CardDAVAddress(URL(string: "carddavs://alice@dav.example:8443")!))
        XCTAssertEqual(found.server.absoluteString, "https://dav.example:8443/")
        XCTAssertEqual(found.user, "alice")
        XCTAssertFalse(found.namesCollection)
        XCTAssertEqual(found.host, "dav.example:8443")
        let book = try XCTUnwrap(CardDAVAddress(URL(string: "carddav://127.0.0.1:5232/alice/contacts/")!))
        XCTAssertEqual(book.server.absoluteString, "http://127.0.0.1:5232/alice/contacts/")
        XCTAssertNil(book.user)
        XCTAssertTrue(book.namesCollection)
        XCTAssertEqual(
            FriendSource(argument: "CardDAVs://dav.example/"), .cardDAV(URL(string: "CardDAVs://dav.example/")!))
    }

    func testAddressesThatAreRefused() {
        func refusal(_ text: String) -> String? { CardDAVAddress.refusal(for: URL(string: text)!) }
        XCTAssertNil(refusal("carddavs://alice@dav.example/"))
        XCTAssertNil(refusal("carddav://127.0.0.1:5232/"))
        XCTAssertEqual(
            refusal("carddavs://alice:hunter2@dav.example/"),
            "holds a password, which picker never takes from the command line: give it with --password-command or ~/.netrc"
        )
        XCTAssertEqual(
            refusal("carddav://dav.example/"),
            "plain carddav is refused for a host that is not loopback, so the password never crosses a network in clear text: use carddavs"
        )
    }

    func testTheXMLOfAnAnswerIsReadByLocalNames() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- a comment -->
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
              <D:response>
                <D:href>/a%20b/1.vcf</D:href>
                <D:propstat>
                  <D:prop><D:getetag>"e&amp;1"</D:getetag><C:address-data><![CDATA[BEGIN:VCARD
            FN:A & B
            END:VCARD]]></C:address-data></D:prop>
                  <D:status>HTTP/1.1 200 OK</D:status>
                </D:propstat>
                <D:propstat><D:prop><D:displayname/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>
              </D:response>
              <D:response><D:href>/gone.vcf</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>
              <D:sync-token>tok&#x3C;1&#62;</D:sync-token>
            </D:multistatus>
            """
        let (responses, token) = DAVResponse.all(in: try DAVXML.parse(Array(xml.utf8)))
        XCTAssertEqual(token, "tok<1>")
        XCTAssertEqual(responses.map(\.key), ["/a b/1.vcf", "/gone.vcf"])
        XCTAssertEqual(responses[0].properties["getetag"]?.trimmedText, "\"e&1\"")
        XCTAssertEqual(responses[0].properties["address-data"]?.text, "BEGIN:VCARD\nFN:A & B\nEND:VCARD")
        XCTAssertNil(responses[0].properties["displayname"], "a property not found is not there")
        XCTAssertEqual(responses[1].status, 404)
    }

    func testXMLThatDoesNotHoldTogetherIsAnErrorNeverACrash() {
        for text in ["", "<a>", "<a></b>", "<a/><b/>", "text", "<a>&bogus;</a>", "<a><![CDATA[x</a>"] {
            XCTAssertThrowsError(try DAVXML.parse(Array(text.utf8)), text)
        }
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        XCTAssertThrowsError(try DAVXML.parse(Array(deep.utf8)))
    }

    func testTheKeptCardsAreReadBackAndAnyOtherFileIsIgnored() throws {
        let directory = try TemporaryFolder.make("carddav-store")
        let address = try XCTUnwrap(CardDAVAddress(URL(string: "carddavs://alice@dav.example/")!))
        let store = try CardDAVStore(directory: directory.path, address: address, user: nil)
        var state = CardDAVState(savedAt: 1_700_000_000)
        state.collections = [
            CardDAVState.Collection(
                href: "/book/", syncToken: "tok",
                cards: ["/book/a.vcf": CardDAVState.Card(href: "/book/a.vcf", etag: "\"1\"", data: Array("BEGIN".utf8))]
            ),
            CardDAVState.Collection(href: "/other/"),
        ]
        try store.write(state)
        XCTAssertEqual(store.read().state, state)
        var status = stat()
        XCTAssertEqual(stat(store.path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        XCTAssertTrue(store.path.hasSuffix(".cache") && !store.path.contains("alice"), "the user is not in the name")
        let bob = try CardDAVStore(directory: directory.path, address: address, user: "bob")
        XCTAssertNotEqual(bob.path, store.path, "another user's cards are another file")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store.path))
        bytes[bytes.count - 1] ^= 1
        try bytes.write(to: URL(fileURLWithPath: store.path))
        XCTAssertNil(store.read().state)
        XCTAssertEqual(
            store.read().warning?.hasSuffix("is not a CardDAV cache of this picker; ignored, and replaced once synced"),
            true)
        XCTAssertEqual(FriendCache.removeAll(in: directory.path), 1, "logging out removes the kept cards")
    }

    func testThePasswordIsTheFirstLineTheCommandPrints() throws {
        XCTAssertEqual(try CredentialCommand("printf 'hunter2\\nsecond line\\n'").credential(), "hunter2")
        XCTAssertEqual(try CredentialCommand("printf 'p w\\r\\n'").credential(), "p w")
        XCTAssertThrowsError(try CredentialCommand("exit 3").credential()) { error in
            XCTAssertEqual((error as? SourceError)?.description, "--password-command: exited with status 3")
        }
        XCTAssertThrowsError(try CredentialCommand("echo").credential()) { error in
            XCTAssertEqual((error as? SourceError)?.problem, "printed no password on its first line")
        }
        XCTAssertEqual(
            try CredentialCommand("yes secret | head -c 1000000").credential(), "secret", "a long output is cut")
    }

    func testABearerCommandIsNamedAsItself() {
        let command = CredentialCommand("true", option: "--bearer-command", printed: "token")
        XCTAssertThrowsError(try command.credential()) { error in
            XCTAssertEqual((error as? SourceError)?.description, "--bearer-command: printed no token on its first line")
        }
    }
}
