import PickerTestSupport
import XCTest

/// Typing a name in the list searches for it, whatever its letters: no printable key selects,
/// deselects or clears more than one friend, or quits.
final class TypeToSearchTests: TmuxTestCase {
    func testTypingCarlaInTheListSearchesAndSelectsNobody() throws {
        let picker = try startPicker()
        try picker.type("carla")
        try picker.waitForScreen("a search for carla, nothing selected, Çağla and Carlos one typo away") {
            $0.searchBar == "/ carla   no exact match for “carla”: names one typo away"
                && $0.names == ["Çağla", "Carlos Núñez"] && $0.counts == "2/176 · 0 selected"
                && $0.helpLine == SearchAndSelectTests.searchingHelp
        }
        try picker.press("BSpace")
        try picker.waitForScreen("carl finds Carlos") {
            $0.names == ["Carlos Núñez"] && $0.counts == "1/176 · 0 selected"
        }
        XCTAssertTrue(picker.isRunning)
        try picker.press("Enter")
        try picker.assertExit(0, output: "Carlos Núñez\n")
    }

    func testTypingQuinnSearchesInsteadOfQuitting() throws {
        let picker = try startPicker()
        try picker.type("quinn")
        try picker.waitForScreen("a search for quinn, still running") {
            $0.searchBar == "/ quinn" && $0.names == ["Quinn O'Hara"] && $0.counts == "1/176 · 0 selected"
        }
        XCTAssertTrue(picker.isRunning, "q no longer quits")
        try picker.press("Enter")
        try picker.assertExit(0, output: "Quinn O'Hara\n")
    }

    /// j, k, g and G give way to typing; arrows, Ctrl-N/P, PgUp/PgDn and Home/End still move.
    func testLettersThatUsedToMoveAreTyped() throws {
        let picker = try startPicker()
        try picker.type("G")
        try picker.waitForScreen("G starts a search") { $0.searchBar == "/ G" && $0.counts == "33/176 · 0 selected" }
        try picker.type("j")
        try picker.waitForScreen("then j is typed") { $0.searchBar == "/ Gj" && $0.counts.hasPrefix("0/176") }
        try picker.press("Escape", "End")
        try picker.waitForScreen("Esc cleared it; End moves") {
            $0.searchBar == "type to search" && $0.cursorName == "佐藤花子"
        }
    }

    /// With a search kept in the list (↓ went there), the list looks filtered and Esc clears
    /// it, the cursor on its friend; the picker goes on, and only the next Esc cancels.
    func testEscapeAfterAKeptSearchClearsItAndTheNextCancels() throws {
        let picker = try startPicker()
        try picker.type("ada")
        try picker.press("Down", "Down")
        try picker.waitForScreen("browsing the search kept, on Adalberto") {
            $0.searchBar == SearchAndSelectTests.keptSearch("ada") && $0.cursorName == "Adalberto Ruiz"
                && $0.helpLine == SearchAndSelectTests.filteredHelp
        }
        try picker.press("Escape")
        try picker.waitForScreen("the filter cleared, the cursor still on Adalberto") {
            $0.searchBar == "type to search" && $0.counts == "176/176 · 0 selected"
                && $0.cursorName == "Adalberto Ruiz" && $0.helpLine == SearchAndSelectTests.browsingHelp
        }
        XCTAssertTrue(picker.isRunning)
        try picker.press("Escape")
        try picker.assertExit(130, output: "")
    }

    func testEscapeClearsTheQueryOptionFirst() throws {
        let picker = try startPicker(["--session", "demo", "--query", "zoë"]) { $0.counts == "1/176 · 0 selected" }
        try picker.press("Escape")
        try picker.waitForScreen("the query cleared") {
            $0.counts == "176/176 · 0 selected" && $0.cursorName == "Zoë Kravchenko"
        }
        XCTAssertTrue(picker.isRunning)
    }

    /// As in fzf, whose query is always live, typing with a search kept adds to it and opens it.
    func testTypingWithTheQueryOptionAddsToItAndOpensTheSearch() throws {
        let picker = try startPicker(["--session", "demo", "--query", "ada"]) { $0.counts == "14/176 · 0 selected" }
        try picker.type("m")
        try picker.waitForScreen("the search opened on adam") {
            $0.searchBar == "/ adam" && $0.helpLine == SearchAndSelectTests.searchingHelp
                && $0.names.allSatisfy { $0.lowercased().contains("adam") }
        }
        try picker.press("Escape")
        try picker.waitForScreen("Esc cleared it") { $0.counts == "176/176 · 0 selected" }
        try picker.type("bo")
        try picker.waitForScreen("typing then starts afresh") { $0.searchBar == "/ bo" }
    }

    /// Tick, search elsewhere, review (only the selected, in the order picked), untick, go
    /// back to the list as it was, Enter prints the rest.
    func testTheSelectionReviewRoundTrip() throws {
        let picker = try startPicker()
        try picker.type("zoë")
        try picker.press("Tab", "C-u")
        try picker.type("quinn")
        try picker.press("Tab", "C-u")
        try picker.type("ada")
        try picker.press("Tab", "Down")
        try picker.waitForScreen("three ticked, browsing ada on Adalberto") {
            $0.counts == "14/176 · 3 selected" && $0.cursorName == "Adalberto Ruiz"
        }
        try picker.press("C-r")
        try picker.waitForScreen("only the three, in the order picked, the count in the title") {
            $0.title.hasPrefix("Selected, in the order picked") && $0.title.hasSuffix(" 3 selected")
                && $0.listLines == ["> [x] Zoë Kravchenko", "  [x] Quinn O'Hara", "  [x] Ada Augusta Lovelace"]
                && $0.helpLine.hasPrefix("Enter done · Esc back")
        }
        try picker.press("Down", "Space")
        try picker.waitForScreen("Quinn unticked, still in the review") {
            $0.selectedNames == ["Zoë Kravchenko", "Ada Augusta Lovelace"] && $0.title.hasSuffix(" 2 selected")
                && $0.cursorLine == "> [ ] Quinn O'Hara"
        }
        try picker.press("C-r")
        try picker.waitForScreen("the list as it was: its search and cursor") {
            $0.counts == "14/176 · 2 selected" && $0.searchBar == SearchAndSelectTests.keptSearch("ada")
                && $0.cursorName == "Adalberto Ruiz"
        }
        try picker.press("C-r")
        try picker.waitForScreen("the review again") { $0.title.hasPrefix("Selected") }
        try picker.press("Escape")
        try picker.waitForScreen("Esc goes back too") {
            $0.counts == "14/176 · 2 selected" && $0.cursorName == "Adalberto Ruiz"
        }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Zoë Kravchenko\nAda Augusta Lovelace\n")
    }

    /// The bottom line names the keys that finish and cancel first: a narrow terminal cuts the
    /// other hints.
    func testTheHintLineAtFortyColumnsStillShowsFinishAndCancel() throws {
        let picker = try startPicker(columns: 40)
        XCTAssertEqual(try picker.screen().helpLine, "Enter done · Esc cancel · ? keys")
        try picker.type("ad")
        try picker.waitForScreen("searching") { $0.helpLine == "Enter done · Esc clear · F1 keys" }
        try picker.press("Tab", "C-r")
        try picker.waitForScreen("reviewing") { $0.helpLine == "Enter done · Esc back · F1 keys" }
    }

    /// Friends shown with the same name are told apart, dimmed: by the end of their ids, or by
    /// their middle names when those differ.
    func testFriendsOfTheSameNameAreToldApart() throws {
        let picker = try startPicker()
        try picker.type("alex kim")
        let sample = try picker.waitForScreen("the sample's two Alex Kims") { $0.friendLines.count == 2 }
        XCTAssertEqual(sample.names, ["Alex Kim  id …1352", "Alex Kim  id …0573"], "in the sample's order")
        let styled = try picker.styledScreen().filter { $0.contains("Alex") }
        XCTAssertTrue(
            styled.allSatisfy { $0.contains(/\u{1B}\[(?:\d+;)*2(?:;\d+)*m(?:\u{1B}\[\d+m)*  id …/) },
            "dimmed: \(styled)")

        let source = TemporaryFolder.root.appendingPathComponent(
            "picker-e2e-\(UUID().uuidString).json")
        try Data(
            #"""
            [{"id": "10", "name": "Sam Lee", "first_name": "Sam", "middle_name": "Jordan", "last_name": "Lee"},
             {"id": "11", "name": "Sam Lee", "first_name": "Sam", "middle_name": "Avery", "last_name": "Lee"},
             {"id": "12", "name": "Sam Lee", "first_name": "Sam", "last_name": "Lee"},
             {"id": "13", "name": "Sam Park", "first_name": "Sam", "last_name": "Park"}]
            """#.utf8
        ).write(to: source)
        addTeardownBlock { try? FileManager.default.removeItem(at: source) }
        let middle = try startPicker(["--source", source.path]) { $0.counts == "4/4 · 0 selected" }
        XCTAssertEqual(
            try middle.screen().names, ["Sam Lee  id 12", "Sam Park", "Sam Lee  Avery", "Sam Lee  Jordan"],
            "the middle name where it differs, else the id, also with another friend between them (sorted by first, middle, last name); a friend with a name of its own shows nothing"
        )
    }

    /// In the review, friends stand in the order picked: two Alex Kims picked with Zoë between
    /// them are still told apart.
    func testTheReviewTellsApartNamesakesPickedApart() throws {
        let picker = try startPicker()
        try picker.type("alex kim")
        try picker.waitForScreen("the two Alex Kims") { $0.cursorName == "Alex Kim  id …1352" }
        try picker.press("Tab", "C-u")
        try picker.type("zoë")
        try picker.waitForScreen("Zoë") { $0.cursorName == "Zoë Kravchenko" }
        try picker.press("Tab", "C-u")
        try picker.type("alex kim")
        try picker.waitForScreen("the two Alex Kims again") { $0.names.count == 2 }
        try picker.press("Down", "Tab")
        try picker.waitForScreen("three ticked") { $0.counts == "2/176 · 3 selected" }
        try picker.press("C-r")
        try picker.waitForScreen("the review, each Alex Kim with the end of its id") {
            $0.title.hasPrefix("Selected, in the order picked")
                && $0.names == ["Alex Kim  id …1352", "Zoë Kravchenko", "Alex Kim  id …0573"]
        }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Alex Kim\nZoë Kravchenko\nAlex Kim\n")
    }
}
