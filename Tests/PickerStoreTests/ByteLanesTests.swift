import PickerTestSupport
import XCTest

@_spi(Inlining) @testable import PickerStore

/// The word-at-a-time tests against the same tests made one byte at a time.
final class ByteLanesTests: XCTestCase {
    /// Where a string's plain run ends, told byte by byte: at the first quote, backslash or
    /// control byte (or byte of 0x80 or more), but never inside the bytes after the last whole
    /// word, which are the caller's.
    private func expectedRun(_ bytes: [UInt8], from start: Int, stoppingAtNonASCII: Bool) -> (Int, UInt64) {
        let wholeWordsEnd = start + (bytes.count - start) / 8 * 8
        var highBits: UInt64 = 0
        var index = start
        while index < wholeWordsEnd {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
                || (stoppingAtNonASCII && byte >= 0x80)
            {
                // A run stops at a word's first special byte: the word's bytes after it are not passed.
                return (index, highBits & 0x8080_8080_8080_8080)
            }
            highBits |= UInt64(byte) << (8 * UInt64((index - start) % 8))
            index += 1
        }
        return (index, highBits & 0x8080_8080_8080_8080)
    }

    func testAPlainRunEndsWhereTheFirstSpecialByteIs() {
        var generator = SplitMix64(seed: 7)
        let alphabet: [UInt8] = Array("abc \"\\é".utf8) + [0x00, 0x1F, 0x7F, 0xFF]
        for _ in 0..<5000 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<count).map { _ in
                // Mostly plain letters, so that runs pass whole words.
                Bool.random(using: &generator) && Bool.random(using: &generator)
                    ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0x61...0x7A, using: &generator)
            }
            let start = Int.random(in: 0...count, using: &generator)
            for stoppingAtNonASCII in [false, true] {
                let run = bytes.withUnsafeBufferPointer {
                    ByteLanes.plainStringRun(in: $0, from: start, stoppingAtNonASCII: stoppingAtNonASCII)
                }
                let (end, highBits) = expectedRun(bytes, from: start, stoppingAtNonASCII: stoppingAtNonASCII)
                XCTAssertEqual(run.end, end, "\(bytes) from \(start)")
                XCTAssertEqual(run.highBits & ByteLanes.highs != 0, highBits != 0, "\(bytes) from \(start)")
            }
        }
    }

    func testCountFindsEveryByte() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...50, using: &generator)).map { _ in
                UInt8.random(in: 0x08...0x0C, using: &generator)
            }
            let counted = bytes.withUnsafeBufferPointer { ByteLanes.count(0x0A, in: $0) }
            XCTAssertEqual(counted, bytes.count { $0 == 0x0A }, "\(bytes)")
        }
    }
}
