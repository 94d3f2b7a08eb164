import Glibc
import PickerStore

/// How often and how lately each friend of a source was picked, as one number per friend.
///
/// Each pick adds 1 to a friend's score, and every score halves each 30 days (an exponential
/// decay with a half-life of ``halfLife``, as Mozilla proposed for Firefox's frecency): a friend
/// picked twice a month ago scores 1, as one picked once today does. A score is kept as one
/// time, the *frecency time*: the moment at which the score is (or was) exactly 1, so that
///
///     score(now) = 2 ^ ((frecency time - now) / half-life)
///
/// and a pick at `now` moves it to `now + half-life × log2(score(now) + 1)`. Ordering friends by
/// their frecency time orders them by score at any moment, and nothing but ids (or, for text
/// whose ids are line numbers, hashes of names) and times is kept.
package struct Frecency: Hashable, Sendable {
    /// What a friend is known by in the record of picks.
    package enum Keying: String, Hashable, Sendable, Codable {
        /// The friend's id: every source whose ids stay with their person.
        case id
        /// A hash of the friend's name: text with one name per line, whose ids are line numbers
        /// that change when the file does.
        case name
    }

    /// How long a score takes to halve: 30 days, in seconds.
    package static let halfLife = 30.0 * 86_400

    /// The frecency time of each friend picked, by key.
    package let times: [String: Int64]
    /// What the keys are.
    package let keying: Keying
    /// The moment the scores are for, in seconds since 1970.
    package let now: Int64

    /// No one picked yet.
    package init() {
        self.init(times: [:], keying: .id, now: 0)
    }

    init(times: [String: Int64], keying: Keying, now: Int64) {
        self.times = times
        self.keying = keying
        self.now = now
    }

    /// Whether no one has been picked.
    package var isEmpty: Bool { times.isEmpty }

    /// The score of `friend`: 0 when never picked, else what its picks add up to now.
    package func score(of friend: Friend) -> Double {
        score(ofKey: key(of: friend))
    }

    /// The score of the friend with id `id` (whose name is `name`, which text keyed by name
    /// asks for).
    package func score(ofID id: String, name: @autoclosure () -> String) -> Double {
        score(ofKey: keying == .id ? id : Self.nameKey(name()))
    }

    /// The score of the friend known by `key`.
    func score(ofKey key: String) -> Double {
        times[key].map { Self.score(time: $0, now: now) } ?? 0
    }

    /// What `friend` is known by here.
    package func key(of friend: Friend) -> String {
        keying == .id ? friend.id : Self.nameKey(friend.name)
    }

    /// The keys of the friends picked, the highest score first (ties in key order).
    package var rankedKeys: [String] {
        times.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }

    /// The score at `now` of a friend whose frecency time is `time`.
    static func score(time: Int64, now: Int64) -> Double {
        exp2(Double(time - now) / halfLife)
    }

    /// The frecency time of a friend whose frecency time was `time` (nil: never picked), picked
    /// once more at `now`.
    static func picked(time: Int64?, now: Int64) -> Int64 {
        let before = time.map { score(time: $0, now: now) } ?? 0
        return now + Int64((halfLife * log2(before + 1)).rounded())
    }

    /// The key of a friend known by name: 16 hexadecimal digits, the 64-bit FNV-1a hash of the
    /// name's UTF-8 and a NUL byte (``StableID``'s), so that no name is written.
    static func nameKey(_ name: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash = hash &* 0x0000_0100_0000_01B3
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
