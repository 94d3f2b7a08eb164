/// What a file that holds no friends looks like, told by its magic bytes (the signatures
/// `file(1)` knows them by): an image, a PDF, a compressed file, a database, a program. A
/// source that starts so is refused naming it, never read as names.
enum FileKind {
    /// A signature: the bytes a kind of file starts with, at `offset`, and what it is called.
    private struct Signature {
        var offset = 0
        var bytes: [UInt8]
        var kind: String

        init(_ bytes: [UInt8], _ kind: String, at offset: Int = 0) {
            self.offset = offset
            self.bytes = bytes
            self.kind = kind
        }

        init(_ text: String, _ kind: String, at offset: Int = 0) {
            self.init(Array(text.utf8), kind, at: offset)
        }
    }

    /// The signatures, none of which starts text a person writes: each holds a byte that is
    /// not printable ASCII, or is long and specific (`%PDF-`, `GIF89a`).
    private static let signatures: [Signature] = [
        Signature([0x1F, 0x8B], "a gzip file"),
        Signature("%PDF-", "a PDF document"),
        Signature([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image"),
        Signature([0xFF, 0xD8, 0xFF], "a JPEG image"),
        Signature("GIF87a", "a GIF image"), Signature("GIF89a", "a GIF image"),
        Signature([0x49, 0x49, 0x2A, 0x00], "a TIFF image"), Signature([0x4D, 0x4D, 0x00, 0x2A], "a TIFF image"),
        Signature(Array("SQLite format 3".utf8) + [0], "an SQLite database"),
        Signature([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], "an Office document (.xls, .doc)"),
        Signature([0x42, 0x5A, 0x68], "a bzip2 file"),
        Signature([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "an xz file"),
        Signature([0x28, 0xB5, 0x2F, 0xFD], "a zstd file"),
        Signature([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], "a 7-Zip archive"),
        Signature(Array("Rar!".utf8) + [0x1A, 0x07], "a RAR archive"),
        Signature([0x7F, 0x45, 0x4C, 0x46], "a program (ELF)"),
        Signature(Array("ustar".utf8) + [0], "a tar archive", at: 257),
        Signature(Array("ustar  ".utf8) + [0], "a tar archive", at: 257),
    ]

    /// What the source that starts with `head` looks like, when its first bytes are the
    /// signature of a kind of file picker does not read; nil otherwise.
    static func of(_ head: UnsafeBufferPointer<UInt8>) -> String? {
        if let signature = signatures.first(where: { matches($0, head) }) {
            // bzip2's "BZh" is followed by the block size, a digit, and a block's magic.
            if signature.bytes == [0x42, 0x5A, 0x68] {
                return head.count >= 10 && (0x31...0x39).contains(head[3]) && head[4] == 0x31 && head[5] == 0x41
                    ? signature.kind : nil
            }
            return signature.kind
        }
        // RIFF and ISO media files name their kind after a size or a box header.
        if head.starts(with: Array("RIFF".utf8)), head.count >= 12 {
            switch String(decoding: head[8..<12], as: UTF8.self) {
            case "WEBP": return "a WebP image"
            case "WAVE": return "a WAV sound"
            case "AVI ": return "an AVI video"
            default: break
            }
        }
        if head.count >= 12, String(decoding: head[4..<8], as: UTF8.self) == "ftyp" {
            switch String(decoding: head[8..<12], as: UTF8.self) {
            case "heic", "heix", "mif1", "msf1": return "a HEIC image"
            case "avif": return "an AVIF image"
            default: return "a video (MP4, QuickTime)"
            }
        }
        return nil
    }

    private static func matches(_ signature: Signature, _ head: UnsafeBufferPointer<UInt8>) -> Bool {
        head.count >= signature.offset + signature.bytes.count
            && zip(head[signature.offset...], signature.bytes).allSatisfy { $0 == $1 }
    }

    /// What is said of a source that looks like `kind`.
    static func refusal(_ kind: String) -> String {
        "looks like \(kind); picker reads JSON, vCard, CSV, text or a Facebook export's .zip"
    }
}
