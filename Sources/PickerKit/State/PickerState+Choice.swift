import PickerSources
import PickerStore

extension PickerState {
    /// The email addresses or phone numbers of `friend` a pick may print, the preferred first
    /// (see ``ContactPart/choices(of:)``); empty when picks print the whole contact.
    func choices(of friend: Friend) -> [String] {
        configuration.printedPart.choices(of: friend)
    }

    /// The address or number a pick of `friend` prints: the one chosen with Alt-1 to Alt-9, else
    /// the preferred one; nil when picks print the whole contact, or `friend` has none.
    package func chosenValue(of friend: Friend) -> String? {
        let choices = choices(of: friend)
        guard !choices.isEmpty else { return nil }
        let index = chosenIndex[friend.id] ?? 0
        return choices[choices.indices.contains(index) ? index : 0]
    }

    /// Whether `friend` can be picked: always, unless picks print an email address or a phone
    /// number and it has none (a group, unless none of its members has one).
    func isPickable(_ friend: Friend) -> Bool {
        guard configuration.printedPart != .contact else { return true }
        guard friend.members != nil else { return !choices(of: friend).isEmpty }
        return list.expandingGroups([friend]).contains { !choices(of: $0).isEmpty }
    }

    /// What the bottom line says when `friend`, who has nothing to print, is picked.
    func unpickableNotice(_ friend: Friend) -> String {
        "\(TerminalText.sanitized(friend.name)) has no \(configuration.printedPart.noun) to print"
    }

    /// Chooses the `index`-th (from 0) address or number of the friend under the cursor as the
    /// one its pick prints, and selects the friend (within the limit) if it is not selected.
    mutating func choose(_ index: Int) {
        guard let friend = currentFriend else { return }
        let part = configuration.printedPart
        guard part != .contact else {
            notice = "only the mail formats and tel print one address or number of several"
            return
        }
        let choices = choices(of: friend)
        guard choices.indices.contains(index) else {
            notice =
                choices.isEmpty
                ? unpickableNotice(friend)
                : "\(TerminalText.sanitized(friend.name)) has \(choices.count) \(part.noun)\(choices.count == 1 ? "" : "es")"
            return
        }
        chosenIndex[friend.id] = index
        if !selection.contains(friend.id) { toggleCurrent() }
    }

    /// Finishes with the result, unless nothing is selected and the friend under the cursor has
    /// nothing to print: then the bottom line says so and the picker goes on.
    mutating func finish() {
        if selection.isEmpty, let friend = currentFriend, !isPickable(friend) {
            notice = unpickableNotice(friend)
            return
        }
        phase = .done
    }

    /// `friends` as their picks print them: with one address or number each, the one chosen or
    /// else the preferred one, when picks print one; those without any left out.
    func printed(_ friends: [Friend]) -> [Friend] {
        let part = configuration.printedPart
        guard part != .contact else { return friends }
        return friends.compactMap { friend in chosenValue(of: friend).map { part.friend(friend, keeping: $0) } }
    }
}
