import PickerSources
import PickerStore

/// How the search is told in `--help` and the man page: what a term matches, the marks it may
/// carry, the order of what it finds and the typo fallback.
enum SearchHelp {
    /// What a term matches.
    static let matching =
        "Every space-separated term must occur in the name, ignoring case; a term without accents ignores accents (jose finds José, aegir Ægir, thorsdottir Þórsdóttir), a term with accents matches them. A term without punctuation also finds the name with its punctuation left out (obrien finds O'Brien, stjohn St. John); a term typed with an apostrophe or hyphen matches as typed. A term with @ may occur in an email address instead (ann@, @example.org)."

    /// The marks a term may carry, with an example of each.
    static let marks: [(example: String, meaning: String)] = [
        ("^ana", "names that start with ana"),
        ("son$", "names that end with son"),
        ("^ana$", "the name ana, whole"),
        ("!smith", "names that do not hold smith"),
        ("!^a", "names that do not start with a"),
    ]

    /// What a lone mark is.
    static let loneMarks = "A term that is only ^, ! or $ is that character."

    /// The order of what a search finds.
    static let order =
        "The best matches come first: each term is worth 0 at the start of the name, 1 at the start of a later word (after a space, hyphen, apostrophe, period or parenthesis, where the script changes, or where a given first, middle or last name starts), 2 inside a word; a friend's score is the sum. Equal scores put the friends picked most first, then list order. The ranked list has no letter headers; --no-rank shows matches in list order, as the Facebook picker did."

    /// The typo fallback.
    static let typos =
        "When a term of 4 or more letters matches nobody, the friends with a word one typo from it are shown (jhon finds John, mullr Müller), and the search bar says so. --filter prints exact matches only."
}
