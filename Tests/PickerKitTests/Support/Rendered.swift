import Foundation

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// What `format` prints for `friends`, as text.
func rendered(_ format: OutputFormat, _ friends: [Friend], print0: Bool) -> String {
    String(decoding: format.render(friends, print0: print0), as: UTF8.self)
}
