/// A `--delimiter` or a field list (`--nth`, `--with-nth`, `--accept-nth`) that cannot be read;
/// the message names the option and what was given.
package struct FieldError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) { self.description = description }
}
