import Foundation
import PickerKit

/// Makes friends whose names are all different, as in a real friend list or address book, the
/// same ones every time for a given count: first names drawn from a few thousand, common ones
/// often (a Zipf law, as given names are), last names from a long tail built of syllables,
/// common ones often too, so that many people share a first or a last name but no two share
/// both; a middle name now and then; about a quarter with letters beyond ASCII (accented Latin,
/// Cyrillic, Greek) and a few written family name first without a space (Chinese, Japanese).
struct DistinctNameGenerator {
    private var random: XorShift64

    /// Syllables a script's names are made of: onsets, vowels and endings.
    private struct Syllables {
        var weight: Int
        var onsets: [String]
        var vowels: [String]
        var endings: [String]
        /// Given names that are words of their own, the most common first.
        var given: [String]
    }

    private static let scripts: [Syllables] = [
        Syllables(
            weight: 74,
            onsets: [
                "b", "br", "c", "ch", "cl", "d", "dr", "f", "fr", "g", "gr", "h", "j", "k", "kr", "l", "m", "n", "p",
                "pr", "r", "s", "sh", "st", "t", "tr", "v", "w", "z",
            ],
            vowels: ["a", "e", "i", "o", "u", "ai", "ea", "ie", "ou", "y"],
            endings: [
                "son", "sen", "ez", "es", "ski", "er", "man", "ton", "ley", "well", "ford", "field", "ini", "elli",
                "ov", "ic", "berg", "stein", "wood", "more", "ard", "ing", "ay", "", "", "",
            ],
            given: [
                "James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William", "Elizabeth",
                "David", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
                "Olivia", "Liam", "Emma", "Noah", "Ava", "Mia", "Lucas", "Chloe", "Ethan", "Zoe", "Hannah", "Mason",
                "Anna", "Maria", "Peter", "Samuel", "Ada", "Alan", "Grace", "Daniel", "Laura", "Mark", "Paul",
                "Kevin", "Emily", "Sophie", "Oliver", "Jack", "Harry", "Isla", "Ella", "Leo", "Freya", "Oscar",
            ]),
        Syllables(
            weight: 14,
            onsets: ["b", "c", "d", "g", "j", "l", "m", "n", "ñ", "p", "r", "s", "t", "v", "z", "ł", "w", "kr", "sz"],
            vowels: ["á", "é", "í", "ó", "ú", "ä", "ö", "ü", "å", "ø", "a", "e", "i", "o", "u", "ë", "ç"],
            endings: [
                "ez", "ès", "ski", "ová", "ić", "mann", "gård", "ström", "ière", "eau", "ón", "ía", "ñez", "ß", "",
            ],
            given: [
                "José", "María", "Lucía", "Andrés", "Sofía", "Martín", "Inés", "Raúl", "Jürgen", "Jörg", "Björn",
                "Søren", "Åsa", "Émile", "Françoise", "Hélène", "Loïc", "Zoë", "Chloé", "Łukasz", "Paweł", "Ángel",
            ]),
        Syllables(
            weight: 7,
            onsets: ["б", "в", "г", "д", "ж", "з", "к", "л", "м", "н", "п", "р", "с", "т", "ф", "х", "ш"],
            vowels: ["а", "е", "и", "о", "у", "ы", "я", "ё"],
            endings: ["ов", "ова", "ев", "ева", "ин", "ина", "ский", "ская", "енко", "ук", ""],
            given: [
                "Анна", "Иван", "Мария", "Дмитрий", "Ольга", "Сергей", "Наталья", "Алексей", "Елена", "Андрей",
            ]),
        Syllables(
            weight: 3,
            onsets: ["β", "γ", "δ", "κ", "λ", "μ", "ν", "π", "τ"],
            vowels: ["α", "ά", "ε", "έ", "η", "ή", "ι", "ί", "ο", "ό", "ου", "ύ"],
            endings: ["ος", "ης", "ου", "άκης", "όπουλος", "ίδης", "άς", ""],
            given: ["Γιώργος", "Ελένη", "Νίκος", "Δημήτρης", "Μαρία", "Κώστας"]),
    ]

    /// Family names and given names of the scripts written family name first.
    private static let familyFirst: (family: [String], given: [String]) = (
        ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺"],
        ["伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "涛", "明", "超", "秀", "霞", "平", "刚"]
    )

    private static let totalWeight = scripts.reduce(0) { $0 + $1.weight }

    init(seed: UInt64 = 2026) { random = XorShift64(seed: seed) }

    /// `count` names, all different, in no particular order.
    mutating func names(_ count: Int) -> [String] {
        var seen = Set<String>(minimumCapacity: count)
        var names: [String] = []
        names.reserveCapacity(count)
        while names.count < count {
            let name = below(100) < 2 ? familyFirstName() : name()
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// `count` friends named by ``names(_:)``, with Graph-style numeric ids.
    mutating func friends(_ count: Int) -> [Friend] {
        names(count).enumerated().map { index, name in
            Friend(id: String(100_000_000_000_000 + index * 7919 % 900_000_000_000_000), name: name)
        }
    }

    private mutating func name() -> String {
        let script = random.weighted(Self.scripts, total: Self.totalWeight, weight: \.weight)
        let first = givenName(script)
        let middle = below(8) == 0 ? " " + givenName(script) : ""
        return first + middle + " " + familyName(script)
    }

    private mutating func familyFirstName() -> String {
        let (family, given) = Self.familyFirst
        let first = given[zipf(given.count)]
        let second = below(2) == 0 ? given[below(given.count)] : ""
        return family[zipf(family.count)] + first + second
    }

    /// A given name: one of the script's own, often a common one, else one made of syllables
    /// from a few thousand.
    private mutating func givenName(_ script: Syllables) -> String {
        if below(3) > 0 { return script.given[zipf(script.given.count)] }
        return capitalized(word(script, syllables: 2, ending: "", range: 3_000))
    }

    /// A family name from a long tail: common ones drawn often, rare ones from hundreds of
    /// thousands.
    private mutating func familyName(_ script: Syllables) -> String {
        let ending = script.endings[below(script.endings.count)]
        return capitalized(word(script, syllables: 1 + below(3), ending: ending, range: 400_000))
    }

    /// A word of `syllables` syllables and `ending`, the one numbered by a Zipf draw below
    /// `range`, so that the same draw gives the same word.
    private mutating func word(_ script: Syllables, syllables: Int, ending: String, range: Int) -> String {
        var number = UInt64(zipf(range)) &* 0x9E37_79B9_7F4A_7C15
        var word = ""
        for _ in 0..<syllables {
            word += script.onsets[Int(number % UInt64(script.onsets.count))]
            number /= UInt64(script.onsets.count)
            word += script.vowels[Int(number % UInt64(script.vowels.count))]
            number /= UInt64(script.vowels.count)
        }
        return word + ending
    }

    private func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// A number below `count`, small ones far more often (about as 1/(n+1)).
    private mutating func zipf(_ count: Int) -> Int {
        // exp(u·ln(count+1)) − 1 for u uniform in [0, 1) gives a density falling as 1/(n+1).
        let unit = Double(random.next() >> 11) / Double(1 << 53)
        return min(count - 1, Int(exp(unit * log(Double(count + 1)))) - 1)
    }

    private mutating func below(_ bound: Int) -> Int { random.below(bound) }
}
