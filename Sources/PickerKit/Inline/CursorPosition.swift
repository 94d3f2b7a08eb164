/// A cell of the terminal, from 0: where the cursor is, as the terminal reports it.
public struct CursorPosition: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
