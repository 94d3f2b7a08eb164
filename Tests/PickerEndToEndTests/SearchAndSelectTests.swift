import XCTest

/// A user searching, picking friends and pressing Enter: what ends up on standard output.
final class SearchAndSelectTests: TmuxTestCase {
    /// The 14 friends of the sample whose name includes `ada`, best first: those it starts,
    /// then those with a word it starts, then the rest, each in list order.
    static let adaNames = [
        "Ada Augusta Lovelace", "Adaeze Okafor", "Adalberto Ruiz", "Adam Novak", "Adam Piotr Kowalczyk",
        "Dr. Ada Wong", "Sandra Adams", "Daphne Papadaki", "Karolína Kadavá", "Madalena Ferreira", "Mama Kadama",
        "María de los Ángeles Inmaculada Concepción Fernández de Córdoba y Gutiérr…", "Marta Kadar",
        "Sadako Ishikawa",
    ]
    static let browsingHelp = "Enter done · Esc cancel · Space toggle · ↑↓ move · Ctrl-R review · ? keys"
    /// The bottom line while browsing with a search applied, which Esc clears.
    static let filteredHelp = "Enter done · Esc clear · Space toggle · ↑↓ move · Ctrl-R review · F1 keys"
    static let searchingHelp = "Enter done · Esc clear · ↓ list · Tab toggle · Ctrl-O details · F1 keys"
    /// The search bar while browsing with a search kept.
    static func keptSearch(_ query: String) -> String { "/ \(query)   typing edits it · Esc clears it" }

    func testSearchNarrowsTheListThenSpaceAndEnterPrintTheChosenFriend() throws {
        let picker = try startPicker()
        let first = try picker.screen()
        XCTAssertEqual(first.counts, "176/176 · 0 selected")
        XCTAssertEqual(first.searchBar, "type to search")
        XCTAssertEqual(first.helpLine, Self.browsingHelp)
        XCTAssertEqual(first.cursorLine, "> [ ] Ada Augusta Lovelace")

        try picker.press("/")
        try picker.waitForScreen("the search bar to open") {
            $0.searchBar == "/" && $0.helpLine == Self.searchingHelp
        }
        try picker.type("a")
        try picker.waitForScreen("128 friends matching a") {
            $0.counts == "128/176 · 0 selected" && $0.searchBar == "/ a"
        }
        try picker.type("d")
        try picker.waitForScreen("17 friends matching ad") {
            $0.counts == "17/176 · 0 selected" && $0.searchBar == "/ ad"
        }
        try picker.type("a")
        try picker.waitForScreen("the 14 friends matching ada") {
            $0.counts == "14/176 · 0 selected" && $0.searchBar == "/ ada" && $0.names == Self.adaNames
                && $0.cursorLine == "> [ ] Ada Augusta Lovelace"
        }

        // ↓ goes into the list, the search kept; ↑ back to the first.
        try picker.press("Down", "Up")
        try picker.waitForScreen("browsing the filtered list") {
            $0.searchBar == Self.keptSearch("ada") && $0.helpLine == Self.filteredHelp
                && $0.counts == "14/176 · 0 selected" && $0.cursorLine == "> [ ] Ada Augusta Lovelace"
        }
        try picker.press("Space")
        try picker.waitForScreen("Ada checked") {
            $0.cursorLine == "> [x] Ada Augusta Lovelace" && $0.counts == "14/176 · 1 selected"
        }
        try picker.press("Enter")

        try picker.assertExit(0, output: "Ada Augusta Lovelace\n", standardError: "")
    }

    func testSelectionSurvivesQueryChangesAndClearingTheSearch() throws {
        let picker = try startPicker()

        // Pick José Álvarez first…
        try picker.press("/")
        try picker.type("jose")
        try picker.waitForScreen("the two friends matching jose") {
            $0.counts == "2/176 · 0 selected" && $0.names == ["José Álvarez", "Gabriel José García Márquez"]
                && $0.cursorLine == "> [ ] José Álvarez"
        }
        try picker.press("Tab")
        try picker.waitForScreen("José Álvarez checked by Tab, the cursor moved down") {
            $0.selectedNames == ["José Álvarez"] && $0.cursorLine == "> [ ] Gabriel José García Márquez"
                && $0.counts == "2/176 · 1 selected"
        }

        // …then, with another search, Ada Augusta Lovelace.
        try picker.press("C-u")
        try picker.type("ada")
        try picker.waitForScreen("the friends matching ada, José still counted") {
            $0.counts == "14/176 · 1 selected" && $0.cursorLine == "> [ ] Ada Augusta Lovelace"
        }
        try picker.press("Tab")
        try picker.waitForScreen("Ada checked too, and the cursor moved down") {
            $0.selectedNames == ["Ada Augusta Lovelace"] && $0.cursorLine == "> [ ] Adaeze Okafor"
                && $0.counts == "14/176 · 2 selected"
        }

        // Back to the first search: José is still checked.
        try picker.press("C-u")
        try picker.type("jose")
        try picker.waitForScreen("José still checked") {
            $0.counts == "2/176 · 2 selected" && $0.selectedNames == ["José Álvarez"]
        }

        // Esc clears the search: everyone is shown again, both still selected.
        try picker.press("Escape")
        try picker.waitForScreen("the whole list again") {
            $0.counts == "176/176 · 2 selected" && $0.searchBar == "type to search" && $0.helpLine == Self.browsingHelp
        }
        try picker.press("Enter")

        try picker.assertExit(
            0, output: "José Álvarez\nAda Augusta Lovelace\n", "the selected friends, in the order picked")
    }

    func testEnterWithNothingSelectedPrintsTheFriendUnderTheCursor() throws {
        let everyone = try runPicker(["--filter", ""])
        let thirdInListOrder = everyone.output.split(separator: "\n", omittingEmptySubsequences: false)[2]
        XCTAssertEqual(thirdInListOrder, "Adalberto Ruiz")

        let picker = try startPicker()
        try picker.press("Down", "Down")
        try picker.waitForScreen("the cursor on the third friend") { $0.cursorLine == "> [ ] \(thirdInListOrder)" }
        try picker.press("Enter")

        try picker.assertExit(0, output: "\(thirdInListOrder)\n")
    }

    func testSearchMatchingNobodyShowsANoticeAndEnterPrintsNothing() throws {
        let picker = try startPicker()
        try picker.press("/")
        try picker.type("xyzzy")
        try picker.waitForScreen("the no-match notice") {
            $0.counts == "0/176 · 0 selected" && $0.listLines == ["  No friends match “xyzzy”"] && $0.cursorLine == nil
        }
        try picker.press("Enter")

        try picker.assertExit(1, output: "", "nothing to print")
    }

    func testQueryOptionStartsWithTheSearchApplied() throws {
        let picker = try startPicker(["--session", "demo", "--query", "ada"])
        let screen = try picker.waitForScreen("the friends matching ada") {
            $0.counts == "14/176 · 0 selected" && $0.names == Self.adaNames
        }
        XCTAssertEqual(screen.searchBar, Self.keptSearch("ada"))
        XCTAssertEqual(screen.helpLine, Self.filteredHelp)
        XCTAssertEqual(screen.cursorLine, "> [ ] Ada Augusta Lovelace")
        try picker.press("Enter")

        try picker.assertExit(0, output: "Ada Augusta Lovelace\n")
    }

    /// Typing edits the search kept (Space toggles, so the space goes in while searching).
    func testTypingEditsTheKeptSearch() throws {
        let picker = try startPicker(["--session", "demo", "--query", "ada"])
        try picker.type("/")
        try picker.waitForScreen("the slash typed, as any character into a search kept") {
            $0.searchBar.hasPrefix("/ ada/") && $0.helpLine == Self.searchingHelp
        }
        try picker.press("BSpace")
        try picker.type(" lov")
        try picker.waitForScreen("the one friend matching ada lov") {
            $0.searchBar == "/ ada lov" && $0.counts == "1/176 · 0 selected" && $0.names == ["Ada Augusta Lovelace"]
        }
    }
}
