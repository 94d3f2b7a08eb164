/// The version of picker: what `--version` prints, and what its HTTP requests name in their
/// `User-Agent`.
public enum PickerVersion {
    /// The version, as `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
    /// The `User-Agent` of picker's HTTP requests.
    package static let userAgent = "picker/\(current)"
}
