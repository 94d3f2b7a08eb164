import XCTest

@testable import PickerKit

/// How a CardDAV source's password command and bearer command are chosen, and `--rediscover`.
final class CardDAVCredentialOptionsTests: XCTestCase {
    private func options(_ arguments: [String], _ environment: [String: String] = [:]) throws -> Options {
        let command = try Options.parse(
            ["--source", "carddavs://ann@dav.example/"] + arguments, environment: environment, defaultSource: nil)
        guard case .run(let options) = command else { throw XCTSkip("not a run: \(command)") }
        return options
    }

    func testTheLastOfThePasswordAndBearerCommandsIsTheOneRun() throws {
        let bearer = try options(["--password-command", "pass show dav", "--bearer-command", "oama access ann"])
        XCTAssertEqual(bearer.bearerCommand, "oama access ann")
        XCTAssertNil(bearer.passwordCommand)
        let password = try options(["--bearer-command", "oama access ann", "--password-command", "pass show dav"])
        XCTAssertEqual(password.passwordCommand, "pass show dav")
        XCTAssertNil(password.bearerCommand)
        let overEnvironment = try options(
            ["--bearer-command", "oama access ann"], ["PICKER_PASSWORD_COMMAND": "pass show dav"])
        XCTAssertNil(overEnvironment.passwordCommand, "the command line's choice wins")
        XCTAssertEqual(try options([], ["PICKER_BEARER_COMMAND": "oama access ann"]).bearerCommand, "oama access ann")
    }

    func testBothCommandsInTheEnvironmentAreRefused() {
        let both = ["PICKER_PASSWORD_COMMAND": "pass show dav", "PICKER_BEARER_COMMAND": "oama access ann"]
        XCTAssertThrowsError(try options([], both)) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "PICKER_PASSWORD_COMMAND and PICKER_BEARER_COMMAND are both set: give --password-command or --bearer-command to say which one the server takes"
            )
        }
        XCTAssertNoThrow(try options(["--bearer-command", "oama access ann"], both))
    }

    func testRediscoverAsksForTheBooksAgain() throws {
        XCTAssertFalse(try options([]).rediscovers)
        XCTAssertTrue(try options(["--rediscover"]).rediscovers)
    }
}
