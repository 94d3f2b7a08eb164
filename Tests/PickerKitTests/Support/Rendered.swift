import Foundation

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// What `format` prints for `friends`, as text: to a terminal, or with `toTerminal` false to a
/// pipe or a file.
func rendered(_ format: OutputFormat, _ friends: [Friend], print0: Bool, toTerminal: Bool = true) -> String {
    String(decoding: format.render(friends, print0: print0, toTerminal: toTerminal), as: UTF8.self)
}
