import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

final class FacebookExportTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("picker-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    func testTheFriendsListWithItsNamesRepaired() throws {
        let friends = try FriendsJSON.decode(try Data(contentsOf: fixture("your_friends.json")), source: "export")
        XCTAssertEqual(friends.map(\.name), ["Kari Løye", "Ann Lee", "Ann Lee", "😀 Sunny Day", "Zoë Kim"])
        XCTAssertEqual(
            friends.map(\.friendsSince), [1_552_392_000, 1_300_000_000, 1_600_000_000, 1_600_000_002, 1_600_000_001])
        XCTAssertEqual(friends[0].id, StableID.of(["Kari Løye", "1552392000"]))
        XCTAssertNotEqual(friends[1].id, friends[2].id, "two Ann Lees, told apart by the day they became friends")
        let older = try FriendsJSON.decode(try Data(contentsOf: fixture("friends-older-export.json")), source: "export")
        XCTAssertEqual(older.map(\.name), ["Jürgen Müller", "Bob Smith"])
    }

    func testTheFastReaderAndFoundationAgreeOnTheExport() throws {
        let data = try Data(contentsOf: fixture("your_friends.json"))
        XCTAssertEqual(FriendsJSON.scan(data), try FriendsJSON.decodeWithFoundation(data, source: "export"))
        XCTAssertNotNil(FriendsJSON.scan(data), "the usual shape is read by the fast reader")
    }

    func testNumbersTooLargeForSwiftWhereNothingReadsThemAreReadAlike() throws {
        for text in [
            #"{"friends_v2": [{"name": "Ann", "rank": 155E391999, "timestamp": 7}]}"#,
            #"{"data": [{"id": "1", "name": "Ann"}], "x": 1E400}"#,
        ] {
            let data = Data(text.utf8)
            XCTAssertEqual(FriendsJSON.scan(data)?.map(\.name), ["Ann"], text)
            XCTAssertEqual(try FriendsJSON.decodeWithFoundation(data, source: "x").map(\.name), ["Ann"], text)
        }
    }

    func testRepairOnlyWhenEveryCharacterIsAByteAndTheBytesAreUTF8() {
        XCTAssertEqual(FacebookExport.repaired("L\u{c3}\u{b8}ye"), "Løye")
        XCTAssertEqual(FacebookExport.repaired("\u{f0}\u{9f}\u{98}\u{80}"), "😀")
        XCTAssertEqual(FacebookExport.repaired("Zo\u{eb}"), "Zoë", "Latin-1 that is not UTF-8 is kept")
        XCTAssertEqual(FacebookExport.repaired("L\u{c3}\u{b8}ye 王"), "L\u{c3}\u{b8}ye 王", "a character past U+00FF")
        XCTAssertEqual(FacebookExport.repaired("Plain Ann"), "Plain Ann")
        XCTAssertEqual(FacebookExport.repaired(""), "")
    }

    func testTheFriendsListIsFoundInEveryLayout() {
        XCTAssertEqual(
            FacebookExport.friendsList(among: [
                "facebook-ann/connections/followers/followers.json",
                "facebook-ann/connections/friends/your_friends.json",
                "facebook-ann/connections/friends/removed_friends.json",
            ]), "facebook-ann/connections/friends/your_friends.json")
        XCTAssertEqual(
            FacebookExport.friendsList(among: ["friends/friends.json", "friends/sent_friend_requests.json"]),
            "friends/friends.json")
        XCTAssertEqual(
            FacebookExport.friendsList(among: ["x/friends_and_followers/friends.json"]),
            "x/friends_and_followers/friends.json")
        XCTAssertNil(FacebookExport.friendsList(among: ["a/b/c/connections/friends/your_friends.json"]), "too deep")
        XCTAssertNil(FacebookExport.friendsList(among: ["messages/inbox/friends.json"]))
        XCTAssertTrue(FacebookExport.isHTMLExport(["f/connections/friends/your_friends.html"]))
    }

    /// Writes `files` (path: content) into a new folder `name` and returns its path.
    private func folder(_ name: String, _ files: [String: Data]) throws -> String {
        let root = directory.appendingPathComponent(name)
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url)
        }
        return root.path
    }

    /// Zips the folder `path` with Python's zipfile.
    private func zip(_ path: String) throws -> String {
        let archive = path + ".zip"
        let script = """
            import os, sys, zipfile
            with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as z:
                for top, _, names in os.walk(sys.argv[1]):
                    for name in names:
                        full = os.path.join(top, name)
                        z.write(full, os.path.relpath(full, sys.argv[1]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path, archive]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return archive
    }

    /// The contacts the export's owner uploaded (`your_address_books.json`): a contact named as
    /// one friend gives that friend its address and phone number; the others with a contact
    /// point are friends of their own; namesakes and contacts without a point add nothing.
    func testTheAddressBookGivesAddressesAndContacts() throws {
        let book = try FacebookExport.addressBook(
            try Data(contentsOf: fixture("your_address_books.json")), source: "your_address_books.json")
        XCTAssertEqual(
            book,
            [
                .init(name: "Zoë Kim", emails: ["zoe.kim@example.org"], phones: ["+46 70 123 45 67"]),
                .init(name: "Elmar Müller", emails: [], phones: ["+49123456789"]),
                .init(name: "Bob Stone", emails: ["bob.stone@example.com"], phones: []),
                .init(name: "Nobody Reachable", emails: [], phones: []),
            ])
        let olderShape =
            #"{"address_book": {"address_book": [{"name": "Ann", "details": [{"contact_point": "a@x.org"}]}]}}"#
        let older = try FacebookExport.addressBook(Data(olderShape.utf8), source: "older")
        XCTAssertEqual(older, [.init(name: "Ann", emails: ["a@x.org"], phones: [])])
        XCTAssertThrowsError(try FacebookExport.addressBook(Data(#"{"friends_v2": []}"#.utf8), source: "b.json")) {
            XCTAssertEqual(
                ($0 as? SourceError)?.description,
                #"b.json: is not an address book {"address_book_v2": {"address_book": [...]}}"#)
        }
        let list = try Data(contentsOf: fixture("your_friends.json"))
        let export = try folder(
            "export",
            [
                "facebook-ann-2024/connections/friends/your_friends.json": list,
                "facebook-ann-2024/personal_information/other_personal_information/your_address_books.json":
                    try Data(contentsOf: fixture("your_address_books.json")),
            ])
        for source in [export, try zip(export)] {
            let friends = try FriendSource.readFile(source)
            XCTAssertEqual(
                friends.map(\.name),
                ["Kari Løye", "Ann Lee", "Ann Lee", "😀 Sunny Day", "Zoë Kim", "Elmar Müller", "Bob Stone"], source)
            XCTAssertEqual(friends[4].emails, ["zoe.kim@example.org"])
            XCTAssertEqual(friends[4].card?.phones, ["+46 70 123 45 67"])
            XCTAssertEqual(friends[4].friendsSince, 1_600_000_001, "still the friend")
            XCTAssertEqual(friends[5].card?.phones, ["+49123456789"])
            XCTAssertEqual(friends[6].emails, ["bob.stone@example.com"])
            XCTAssertEqual(friends[6].id, StableID.of(["Bob Stone", "bob.stone@example.com"]))
        }
        let shared = FacebookExport.adding(
            [.init(name: "Ann Lee", emails: ["ann@x.org"], phones: [])],
            to: [Friend(id: "1", name: "Ann Lee"), Friend(id: "2", name: "Ann Lee")])
        XCTAssertEqual(shared.map(\.emails), [[], [], ["ann@x.org"]], "which Ann Lee it is, the export does not say")
    }

    func testAnAddressBookThatCannotBeReadCostsNothingElse() throws {
        let list = try Data(contentsOf: fixture("your_friends.json"))
        let export = try folder(
            "broken-book",
            [
                "connections/friends/your_friends.json": list,
                "about_you/your_address_books.json": Data("{\"address_book_v2\": 3}".utf8),
            ])
        for source in [export, try zip(export)] {
            var friends: [Friend] = []
            var problems: [SourceError] = []
            try FileSourceLoader(path: source).load {
                friends += $0.friends
                problems += $0.problems
            }
            XCTAssertEqual(friends.count, 5, source)
            XCTAssertEqual(
                problems.map(\.problem), [#"is not an address book {"address_book_v2": {"address_book": [...]}}"#])
            XCTAssertEqual(problems.first?.source.hasSuffix("about_you/your_address_books.json"), true)
        }
    }

    func testAFolderAndItsZip() throws {
        let list = try Data(contentsOf: fixture("your_friends.json"))
        let export = try folder(
            "export",
            ["facebook-ann-2024/connections/friends/your_friends.json": list, "facebook-ann-2024/index.html": Data()])
        XCTAssertEqual(try FriendSource.readFile(export).count, 5)
        XCTAssertEqual(
            try FriendSource.readFile(try zip(export)).map(\.name).sorted(),
            try FriendSource.readFile(export).map(\.name).sorted())
    }

    func testArchiveProblemsAreNamed() throws {
        let html = try zip(try folder("html", ["connections/friends/your_friends.html": Data("<html>".utf8)]))
        XCTAssertThrowsError(try FriendSource.readFile(html)) { error in
            XCTAssertEqual(
                (error as? SourceError)?.problem,
                "is a Facebook export in HTML: picker reads the JSON one (download your information again with Format: JSON)"
            )
        }
        let other = try zip(try folder("other", ["photos/a.jpg": Data([0xFF, 0xD8])]))
        XCTAssertThrowsError(try FriendSource.readFile(other)) { error in
            XCTAssertTrue(
                (error as? SourceError)?.problem.hasPrefix("is an archive without a Facebook friends list") == true,
                "\(error)")
        }
        let broken = try zip(try folder("broken", ["friends/friends.json": Data(#"{"friends": [{"name": 3}]}"#.utf8)]))
        XCTAssertThrowsError(try FriendSource.readFile(broken)) { error in
            XCTAssertEqual((error as? SourceError)?.source, broken)
            XCTAssertEqual((error as? SourceError)?.problem, "friends/friends.json: friends[0].name: expected a string")
        }
        let truncated = directory.appendingPathComponent("truncated.zip")
        try Data(try Data(contentsOf: URL(fileURLWithPath: broken)).prefix(40)).write(to: truncated)
        XCTAssertThrowsError(try FriendSource.readFile(truncated.path)) { error in
            XCTAssertTrue(
                (error as? SourceError)?.problem.hasPrefix("is not a .zip archive picker can read") == true, "\(error)")
        }
    }
}
