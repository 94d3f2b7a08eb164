import CQRencode
import PickerStore

/// A QR code made by libqrencode (loaded on first use): a square of modules, each dark or
/// light, drawn in text with half blocks.
package struct QRCode: Hashable, Sendable {
    /// Modules on each side.
    package let width: Int
    /// The modules row by row, true for a dark one.
    package let modules: [Bool]

    package init(width: Int, modules: [Bool]) {
        precondition(modules.count == width * width, "a QR code is square")
        self.width = width
        self.modules = modules
    }

    /// The QR code of `text` as `qrencode` makes it by default (8-bit data, error correction
    /// level L, the smallest version that holds it).
    /// - Returns: the code, or why there is none: libqrencode is missing, or `text` does not fit.
    package static func encode(_ text: String) -> Result<QRCode, Unavailable> {
        if let problem = picker_qrencode_load() {
            return .failure(Unavailable("no QR code: libqrencode cannot be loaded (\(String(cString: problem)))"))
        }
        guard let code = picker_qrcode_encode_string(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1) else {
            return .failure(Unavailable("no QR code: the address is too long for one"))
        }
        defer { picker_qrcode_free(code) }
        let width = Int(code.pointee.width)
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        return .success(QRCode(width: width, modules: data.map { $0 & 1 == 1 }))
    }

    /// Why there is no QR code.
    package struct Unavailable: Error, Hashable, Sendable {
        package var message: String

        init(_ message: String) {
            self.message = message
        }
    }

    /// The modules around the code that must stay light for a reader to find it: 2, half the
    /// standard's 4, which phones read as well and which lets the code fit an 80×24 terminal.
    package static let margin = 2

    /// The code with `margin` light modules around it, drawn as `qrencode -t UTF8 -m margin`
    /// draws it: two rows of modules per line, a light module as the foreground (`█` both, `▀`
    /// the upper, `▄` the lower, a space neither), for a terminal that draws light on dark;
    /// ``Frame/Role/qrCode`` draws it white on black on any terminal with colours.
    package func halfBlockLines(margin: Int = margin) -> [String] {
        let side = width + 2 * margin
        func isLight(_ row: Int, _ column: Int) -> Bool {
            let (moduleRow, moduleColumn) = (row - margin, column - margin)
            guard (0..<width).contains(moduleRow), (0..<width).contains(moduleColumn) else { return true }
            return !modules[moduleRow * width + moduleColumn]
        }
        return stride(from: 0, to: side, by: 2).map { top in
            String(
                (0..<side).map { column -> Character in
                    switch (isLight(top, column), isLight(top + 1, column)) {
                    case (true, true): return "█"
                    case (true, false): return "▀"
                    case (false, true): return "▄"
                    case (false, false): return " "
                    }
                })
        }
    }
}
