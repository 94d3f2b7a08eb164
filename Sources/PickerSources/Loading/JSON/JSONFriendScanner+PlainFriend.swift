import PickerStore

extension JSONFriendScanner.Cursor {
    /// A friend object at the cursor (its `{`) of the shape nearly every Graph answer holds —
    /// members under the keys a friend has (`id`, `name`, `first_name`, `middle_name`,
    /// `last_name`), each once, the id and the name among them, each a string without escapes
    /// — appended to `texts`, its bytes passed: true. Any other object, or one the bytes end
    /// in, is left as it was (false), for ``friend(into:depth:path:)`` to read, which reads
    /// these to the same friend; this one holds no more than where each string lies.
    mutating func plainFriend(into texts: inout FriendTexts) -> Bool {
        let start = self
        var id: Range<Int>?
        var name: Range<Int>?
        var first: Range<Int>?
        var middle: Range<Int>?
        var last: Range<Int>?
        index += 1
        skipWhitespace()
        while true {
            guard peek() == UInt8(ascii: "\""), let key = try? key() else { break }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { break }
            index += 1
            skipWhitespace()
            guard let text = try? stringRange(), !text.escaped,
                text.isASCII || UTF8Text.isValid(UnsafeBufferPointer(rebasing: bytes[text.range]))
            else { break }
            switch key {
            case .id where id == nil: id = text.range
            case .name where name == nil: name = text.range
            case .firstName where first == nil: first = text.range
            case .middleName where middle == nil: middle = text.range
            case .lastName where last == nil: last = text.range
            default:
                self = start
                return false
            }
            skipWhitespace()
            guard let next = peek() else { break }
            index += 1
            if next == UInt8(ascii: ",") {
                skipWhitespace()
                continue
            }
            guard next == UInt8(ascii: "}"), let id, let name else { break }
            let bytes = bytes
            func part(_ range: Range<Int>?) -> UnsafeBufferPointer<UInt8>? {
                range.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
            }
            texts.append(
                id: UnsafeBufferPointer(rebasing: bytes[id]), name: UnsafeBufferPointer(rebasing: bytes[name]),
                firstName: part(first), middleName: part(middle), lastName: part(last))
            return true
        }
        self = start
        return false
    }
}
