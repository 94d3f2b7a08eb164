import PickerTestSupport
import XCTest

@testable import PickerStore

final class SelectionSetTests: XCTestCase {
    func testKeepsThePickingOrder() {
        var selection = SelectionSet()
        selection.insert("3")
        selection.insert("1")
        selection.insert("2")
        selection.insert("1")
        XCTAssertEqual(selection.orderedIDs, ["3", "1", "2"])
        selection.toggle("1")
        selection.toggle("1")
        XCTAssertEqual(selection.orderedIDs, ["3", "2", "1"], "a friend picked again goes last")
        XCTAssertEqual(SelectionSet(["b", "a", "b"]).orderedIDs, ["b", "a"])
    }

    /// Random operations against a plain array, the obvious implementation.
    func testAgreesWithAnArrayModel() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<50 {
            var selection = SelectionSet()
            var model: [String] = []
            for _ in 0..<200 {
                let id = String(Int.random(in: 0..<20, using: &random))
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    selection.insert(id)
                    if !model.contains(id) { model.append(id) }
                case 1:
                    selection.remove(id)
                    model.removeAll { $0 == id }
                default:
                    selection.toggle(id)
                    if model.contains(id) { model.removeAll { $0 == id } } else { model.append(id) }
                }
                XCTAssertEqual(selection.count, model.count)
                XCTAssertEqual(selection.contains(id), model.contains(id))
            }
            XCTAssertEqual(selection.orderedIDs, model)
        }
    }
}
