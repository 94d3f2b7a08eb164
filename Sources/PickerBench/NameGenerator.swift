import PickerKit

/// Makes the same friends every time for a given count: names from many languages, about 30%
/// of them with non-ASCII letters, Graph-style numeric ids, and some repeats (the same id
/// twice, which the list drops, and many people sharing a first or last name).
struct NameGenerator {
    private var random: XorShift64

    init(seed: UInt64 = 2024) { random = XorShift64(seed: seed) }

    /// A pool of first and last names in one script or language, and how often it is drawn.
    private struct Pool {
        var weight: Int
        var first: [String]
        var last: [String]
        /// Whether the name is written last name first, with no space (Chinese, Japanese).
        var familyFirst = false
    }

    private static let pools: [Pool] = [
        Pool(
            weight: 66,
            first: [
                "James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William", "Elizabeth",
                "David", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
                "Ada", "Alan", "Grace", "Smith", "Olivia", "Liam", "Emma", "Noah", "Ava", "Mia", "Lucas", "Chloe",
                "Ethan", "Zoe", "Hannah", "Mason", "Anna", "Maria", "Peter", "Samuel",
            ],
            last: [
                "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
                "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson",
                "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Lewis", "Robinson",
                "Walker", "O'Brien", "McAllister", "Kowalski", "Nakamura", "Okafor", "Smithson", "Lovelace", "Turing",
                "Hopper", "Ng",
            ]),
        Pool(
            weight: 10,
            first: [
                "José", "María", "Lucía", "Andrés", "Sofía", "Martín", "Inés", "Raúl", "Jesús", "Ángel", "Óscar",
                "Iñaki", "Begoña", "Ramón", "Elena", "Javier",
            ],
            last: [
                "García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez",
                "Díaz", "Muñoz", "Núñez", "Jiménez", "Álvarez", "Castro",
            ]),
        Pool(
            weight: 7,
            first: [
                "Jürgen", "Günther", "Jörg", "Björn", "Søren", "Åsa", "Émile", "Françoise", "Hélène", "Loïc", "Zoë",
                "Chloé", "Renée", "Gaëlle", "Mikołaj", "Łukasz", "Małgorzata", "Paweł", "Wojciech", "Dvořák",
            ],
            last: [
                "Müller", "Schröder", "Groß", "Weiß", "Böhm", "Jäger", "Lefèvre", "Béranger", "Côté", "Leblanc",
                "Wróbel", "Wiśniewski", "Łukaszewicz", "Kowalczyk", "Nowak", "Øster", "Ångström", "Håkansson",
            ]),
        Pool(
            weight: 5,
            first: [
                "Анна", "Иван", "Мария", "Дмитрий", "Ольга", "Сергей", "Наталья", "Алексей", "Γιώργος", "Ελένη",
                "Νίκος", "Δημήτρης",
            ],
            last: [
                "Иванова", "Смирнов", "Кузнецова", "Попов", "Соколова", "Лебедев", "Παπαδόπουλος", "Οικονόμου",
                "Γεωργίου",
            ]),
        Pool(
            weight: 6, first: ["小明", "伟", "芳", "娜", "秀英", "敏", "静", "丽", "花子", "太郎", "さくら", "健"],
            last: ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "佐藤", "鈴木", "高橋", "田中"], familyFirst: true),
        Pool(
            weight: 4,
            first: [
                "Nguyễn", "Thị", "Minh", "Đức", "Phương", "Hương", "Şükrü", "Ayşe", "Gülşen", "Çağla", "İbrahim",
                "Oğuz",
            ],
            last: ["Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Võ", "Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Öztürk"]),
        Pool(
            weight: 4, first: ["민준", "서연", "지호", "محمد", "فاطمة", "أحمد", "अर्जुन", "प्रिया", "राहुल", "דוד", "שרה"],
            last: ["김", "이", "박", "العلي", "حسن", "शर्मा", "वर्मा", "כהן", "לוי"]),
    ]

    private static let totalWeight = pools.reduce(0) { $0 + $1.weight }

    /// `count` friends, about 1% of them repeating an earlier friend's id.
    mutating func friends(_ count: Int) -> [Friend] {
        var friends: [Friend] = []
        friends.reserveCapacity(count)
        for index in 0..<count {
            if index > 10, below(100) == 0 {
                var again = friends[below(index)]
                again.name += " (again)"
                friends.append(again)
                continue
            }
            friends.append(friend(number: index))
        }
        return friends
    }

    private mutating func friend(number: Int) -> Friend {
        let pool = random.weighted(Self.pools, total: Self.totalWeight, weight: \.weight)
        let first = pool.first[below(pool.first.count)]
        let last = pool.last[below(pool.last.count)]
        let middle = below(5) == 0 ? pool.first[below(pool.first.count)] : nil
        let id = String(100_000_000_000_000 + number * 7919 % 900_000_000_000_000)
        if pool.familyFirst { return Friend(id: id, name: last + first, firstName: first, lastName: last) }
        let name = [first, middle, last].compactMap { $0 }.joined(separator: " ")
        return Friend(id: id, name: name, firstName: first, middleName: middle, lastName: last)
    }

    private mutating func below(_ bound: Int) -> Int { random.below(bound) }

    /// A Graph friends page holding `friends`, as a service would send it.
    static func graphJSON(_ friends: [Friend]) -> String {
        var json = "{\"data\": [\n"
        for (index, friend) in friends.enumerated() {
            json += "{\"id\":\"\(friend.id)\",\"name\":\(quoted(friend.name))"
            if let first = friend.firstName { json += ",\"first_name\":\(quoted(first))" }
            if let middle = friend.middleName { json += ",\"middle_name\":\(quoted(middle))" }
            if let last = friend.lastName { json += ",\"last_name\":\(quoted(last))" }
            json += index == friends.count - 1 ? "}\n" : "},\n"
        }
        json += "], \"paging\": {\"cursors\": {\"before\": \"QVFIUm\", \"after\": \"QVFIUn\"}}, "
        json += "\"summary\": {\"total_count\": \(friends.count)}}\n"
        return json
    }

    /// One name per line.
    static func text(_ friends: [Friend]) -> String {
        friends.map(\.name).joined(separator: "\n") + "\n"
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A small deterministic generator (xorshift64*), so that generated data repeats.
struct XorShift64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A number below `bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One of `items`, each drawn as often as its `weight` says; `total` is their sum.
    mutating func weighted<Item>(_ items: [Item], total: Int, weight: (Item) -> Int) -> Item {
        var pick = below(total)
        for item in items {
            if pick < weight(item) { return item }
            pick -= weight(item)
        }
        return items[0]
    }
}
