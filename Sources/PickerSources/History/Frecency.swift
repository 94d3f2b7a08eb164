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
/// their frecency time orders them by score at any moment. A friend is known by a key: the
/// keyed hash of its id (or, for text whose ids are line numbers, of its name) under the user's
/// ``HistorySecret``, so that nothing but keys and times is kept, and no key can be traced back
/// to a friend without the secret.
package struct Frecency: Hashable, Sendable {
    /// What a friend is known by in the record of picks.
    package enum Keying: String, Hashable, Sendable, Codable {
        /// The friend's id: every source whose ids stay with their person.
        case id
        /// The friend's name: text with one name per line, whose ids are line numbers that
        /// change when the file does.
        case name
    }

    /// How long a score takes to halve: 30 days, in seconds.
    package static let halfLife = 30.0 * 86_400

    /// The frecency time of each friend picked, by key.
    package let times: [UInt64: Int64]
    /// What the keys are of.
    package let keying: Keying
    /// The moment the scores are for, in seconds since 1970.
    package let now: Int64
    /// What the keys are made with.
    let secret: HistorySecret

    /// No one picked yet.
    package init() {
        self.init(keyedTimes: [:], keying: .id, now: 0, secret: .random())
    }

    /// The frecency of friends picked at `times`, by id (or by name, as `keying` says), at
    /// `now`: keyed with a secret of its own.
    package init(times: [String: Int64], keying: Keying, now: Int64) {
        let secret = HistorySecret.random()
        let keyed = times.map { (secret.key($0.key), $0.value) }
        self.init(keyedTimes: Dictionary(keyed) { max($0, $1) }, keying: keying, now: now, secret: secret)
    }

    /// The frecency of friends picked at `keyedTimes`, by key under `secret`, at `now`.
    init(keyedTimes: [UInt64: Int64], keying: Keying, now: Int64, secret: HistorySecret) {
        times = keyedTimes
        self.keying = keying
        self.now = now
        self.secret = secret
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
        score(ofKey: secret.key(keying == .id ? id : name()))
    }

    /// The score of the friend known by `key`.
    func score(ofKey key: UInt64) -> Double {
        times[key].map { Self.score(time: $0, now: now) } ?? 0
    }

    /// What `friend` is known by here: the keyed hash of its id, or of its name.
    /// - Complexity: O(n) in the id's or the name's UTF-8, some tens of nanoseconds.
    package func key(of friend: Friend) -> UInt64 {
        secret.key(keying == .id ? friend.id : friend.name)
    }

    /// The key of the friend whose id (or name, as ``keying`` says) is the UTF-8 `text`.
    package func key(utf8 text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        secret.key(utf8: text)
    }

    /// The keys of the friends picked, the highest score first (ties in key order).
    package var rankedKeys: [UInt64] {
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
}
