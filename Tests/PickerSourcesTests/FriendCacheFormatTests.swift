import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The bytes of a cache file: what is written is read back exactly, and any change, cut or
/// foreign file is refused before a friend is read.
final class FriendCacheFormatTests: XCTestCase {
    private let key = [UInt8](repeating: 7, count: 32)

    private let friends = [
        Friend(id: "1", name: "Ada Lovelace", firstName: "Ada", lastName: "Lovelace"),
        Friend(id: "100006390253699", name: "Zoë Kravchenko"),
        Friend(id: "x", name: "Mary Ann Smith", firstName: "Mary", middleName: "Ann", lastName: "Smith-Jones"),
        Friend(id: "王", name: "王小明", firstName: "小明", lastName: "王"),
        Friend(id: "e", name: "", firstName: "", middleName: nil, lastName: ""),
    ]

    private func encoded(_ friends: [Friend], savedAt: Int64 = 1_700_000_000, total: Int? = 812) throws -> [UInt8] {
        try FriendCacheFormat.encode(friends, key: key, savedAt: savedAt, announcedTotal: total)
    }

    private func decoded(_ file: [UInt8]) throws -> [Friend] {
        let header = try FriendCacheFormat.open(file, key: key)
        var read: [Friend] = []
        try FriendCacheFormat.readFriends(file[FriendCacheFormat.headerLength...], count: header.count) {
            read.append($0)
        }
        return read
    }

    func testWhatIsWrittenIsReadBackExactly() throws {
        let file = try encoded(friends)
        XCTAssertEqual(try decoded(file), friends)
        let header = try FriendCacheFormat.open(file, key: key)
        XCTAssertEqual(header, FriendCacheFormat.Header(count: 5, savedAt: 1_700_000_000, announcedTotal: 812))
        XCTAssertNil(try FriendCacheFormat.open(try encoded([], total: nil), key: key).announcedTotal)
        XCTAssertEqual(try decoded(try encoded([])), [])
    }

    func testTheHeaderIsLaidOutAsDocumented() throws {
        let file = try encoded(friends)
        XCTAssertEqual(Array(file[0..<8]), Array("PKRCACHE".utf8))
        XCTAssertEqual(Array(file[8..<12]), [1, 0, 0, 0], "version 1, little-endian")
        XCTAssertEqual(Array(file[12..<16]), [5, 0, 0, 0], "five friends")
        XCTAssertEqual(Array(file[40..<72]), key)
        let payload = file.count - FriendCacheFormat.headerLength
        XCTAssertEqual(Int(file[32]) | Int(file[33]) << 8, payload)
        // Ada's record: id "1", the name, then her first and last names as places in it.
        let ada: [UInt8] = [1, 0x31, 12] + Array("Ada Lovelace".utf8) + [2, 0, 3, 0, 2, 4, 8]
        XCTAssertEqual(Array(file[104..<(104 + ada.count)]), ada)
    }

    func testRandomFriendsRoundTrip() throws {
        var random = SplitMix64(seed: 12)
        let alphabet = Array("aé 王-\u{301}Zz\u{1B}ß")
        func text(_ length: ClosedRange<Int>) -> String {
            String(
                (0..<Int.random(in: length, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
        }
        for _ in 0..<50 {
            let friends = (0..<Int.random(in: 0...40, using: &random)).map { number in
                let name = text(0...12)
                let part: () -> String? = {
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: return nil
                    case 1: return String(name.prefix(Int.random(in: 0...3, using: &random)))
                    default: return text(0...4)
                    }
                }
                return Friend(
                    id: "\(number)-" + text(0...3), name: name, firstName: part(), middleName: part(), lastName: part())
            }
            XCTAssertEqual(try decoded(try encoded(friends)), friends)
            // A list is written from its packed records, as its friends would be one by one;
            // friends it left out for a repeated id are not written.
            let list = FriendList(friends + friends.prefix(2).map { Friend(id: $0.id, name: "again") })
            let fromList = try FriendCacheFormat.encode(list, key: key, savedAt: 1_700_000_000, announcedTotal: 812)
            XCTAssertEqual(FriendList(try decoded(fromList)).friends.elementsEqual(list.friends), true)
            XCTAssertEqual(try decoded(fromList).count, list.count)
            XCTAssertEqual(fromList.count, try encoded(Array(list.friends)).count)
        }
    }

    func testEveryChangedByteIsCaught() throws {
        let file = try encoded(friends)
        for index in file.indices {
            var changed = file
            changed[index] ^= 0x10
            XCTAssertThrowsError(try FriendCacheFormat.open(changed, key: key), "byte \(index)")
        }
    }

    func testEveryCutIsCaught() throws {
        let file = try encoded(friends)
        for length in 0..<file.count {
            XCTAssertThrowsError(try FriendCacheFormat.open(Array(file[0..<length]), key: key), "\(length) bytes") {
                let problem = $0 as? FriendCacheFormat.Problem
                if length >= 8 {
                    XCTAssertEqual(problem, .truncated(have: length, want: length < 104 ? 104 : file.count))
                } else {
                    XCTAssertEqual(problem, .notACache)
                }
            }
        }
        XCTAssertThrowsError(try FriendCacheFormat.open(file + [0], key: key)) {
            XCTAssertEqual($0 as? FriendCacheFormat.Problem, .trailingBytes)
        }
    }

    func testAnotherSourceOrVersionIsRefused() throws {
        let file = try encoded(friends)
        XCTAssertThrowsError(try FriendCacheFormat.open(file, key: [UInt8](repeating: 8, count: 32))) {
            XCTAssertEqual($0 as? FriendCacheFormat.Problem, .otherSource)
        }
        var newer = file
        newer[8] = 2
        XCTAssertThrowsError(try FriendCacheFormat.open(newer, key: key)) {
            XCTAssertEqual($0 as? FriendCacheFormat.Problem, .otherVersion(2))
            XCTAssertEqual(
                ($0 as? FriendCacheFormat.Problem)?.description,
                "is of cache format version 2 (this picker reads version 1)")
        }
    }

    func testMalformedRecordsAreRefusedWhereTheyGoWrong() {
        func problem(_ payload: [UInt8], count: Int = 1) -> FriendCacheFormat.Problem? {
            do {
                try FriendCacheFormat.readFriends(payload[...], count: count) { _ in }
                return nil
            } catch {
                return error
            }
        }
        let ann: [UInt8] = [1, 0x41, 3] + Array("Ann".utf8)
        XCTAssertNil(problem(ann + [0, 0, 0]))
        XCTAssertEqual(problem(ann + [0, 0]), .malformed(offset: 8, "the payload ends inside the last name"))
        XCTAssertEqual(problem(ann + [2, 1, 3, 0, 0]), .malformed(offset: 6, "the first name is not within the name"))
        XCTAssertEqual(problem(ann + [7, 0, 0]), .malformed(offset: 6, "the first name is kept in an unknown way"))
        XCTAssertEqual(problem([9, 0x41]), .malformed(offset: 0, "the id goes past the end of the payload"))
        XCTAssertEqual(problem([1, 0xFF]), .malformed(offset: 0, "the id is not valid UTF-8"))
        XCTAssertEqual(
            problem([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]), .malformed(offset: 0, "a length of the id is too long"))
        XCTAssertEqual(problem(ann + [0, 0, 0], count: 0), .malformed(offset: 0, "more friends than the header says"))
        XCTAssertEqual(problem(ann + [0, 0, 0], count: 2), .malformed(offset: 9, "the payload ends inside the id"))
        // A part that cuts a character of the name in two.
        let zoe: [UInt8] = [1, 0x7A, 4] + Array("Zoë".utf8)
        XCTAssertEqual(
            problem(zoe + [2, 0, 3, 0, 0]), .malformed(offset: 7, "the first name cuts a character of the name"))
    }
}
