import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The options and variables of the cache and the picks.
final class KeepingOptionsTests: XCTestCase {
    private func options(_ arguments: [String], _ environment: [String: String] = [:]) throws -> Options {
        guard case .run(let options) = try Options.parse(arguments, environment: environment, defaultSource: "s.json")
        else { throw Options.UsageError("not a run") }
        return options
    }

    func testTheDirectoriesFollowTheXDGBaseDirectorySpecification() throws {
        let home = try options([], ["HOME": "/home/ann"])
        XCTAssertEqual(home.cacheDirectory, "/home/ann/.cache/picker")
        XCTAssertEqual(home.stateDirectory, "/home/ann/.local/state/picker")
        let xdg = try options([], ["HOME": "/home/ann", "XDG_CACHE_HOME": "/c", "XDG_STATE_HOME": "/s"])
        XCTAssertEqual(xdg.cacheDirectory, "/c/picker")
        XCTAssertEqual(xdg.stateDirectory, "/s/picker")
        let relative = try options([], ["HOME": "/home/ann", "XDG_CACHE_HOME": "c", "XDG_STATE_HOME": "s"])
        XCTAssertEqual(relative.cacheDirectory, "/home/ann/.cache/picker", "a relative XDG path is ignored")
        XCTAssertEqual(relative.stateDirectory, "/home/ann/.local/state/picker")
        let variable = try options([], ["HOME": "/h", "XDG_CACHE_HOME": "/c", "PICKER_CACHE_DIR": "/p"])
        XCTAssertEqual(variable.cacheDirectory, "/p")
        XCTAssertEqual(try options(["--cache-dir", "/o"], ["PICKER_CACHE_DIR": "/p"]).cacheDirectory, "/o")
        let nowhere = try options([])
        XCTAssertNil(nowhere.cacheDirectory)
        XCTAssertNil(nowhere.stateDirectory)
    }

    func testTheFlagsAndTheirChecks() throws {
        let url = ["--source", "https://graph.example/me/friends", "--session", "t"]
        XCTAssertFalse(try options(["--no-cache"]).usesCache)
        XCTAssertTrue(try options(url + ["--offline"]).offline)
        XCTAssertFalse(try options(["--no-history"]).usesHistory)
        XCTAssertEqual(try options(["--recent", "3"]).configuration.recentLimit, 3)
        XCTAssertEqual(try options(["--recent", "0"]).configuration.recentLimit, 0)
        XCTAssertEqual(try options([]).configuration.recentLimit, 8)
        for (arguments, message) in [
            (["--recent", "-1"], "--recent needs a whole number of 0 or more, not '-1'"),
            (["--cache-dir", ""], "--cache-dir needs a directory"),
            (url + ["--offline", "--no-cache"], "--offline shows the cached friends, which --no-cache turns off"),
            (["--offline"], "--offline shows the cached friends of a URL or CardDAV source; s.json is not one"),
        ] {
            XCTAssertThrowsError(try options(arguments)) {
                XCTAssertEqual(($0 as? Options.UsageError)?.description, message)
            }
        }
    }
}
