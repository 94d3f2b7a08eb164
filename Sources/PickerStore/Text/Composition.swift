extension String {
    /// This text in composed form (Unicode NFC), by the standard library's own normalization
    /// (public, if underscored): Foundation's `precomposedStringWithCanonicalMapping` would link
    /// the whole of Foundation, and ICU, into the binary.
    var composed: String { String(decoding: _nfcCodeUnits, as: UTF8.self) }
}
