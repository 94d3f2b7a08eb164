import PickerTestSupport
import XCTest

@testable import PickerStore

/// The one strict UTF-8 decoder against the standard library's.
final class UTF8TextTests: XCTestCase {
    private func withBuffer<Result>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer(body)
    }

    func testDecodesEachLengthAndRefusesWhatRFC3629Forbids() {
        XCTAssertEqual(withBuffer([0x41]) { UTF8Text.scalar(in: $0, at: 0)?.value }, 0x41)
        XCTAssertEqual(withBuffer(Array("é".utf8)) { UTF8Text.scalar(in: $0, at: 0)?.length }, 2)
        XCTAssertEqual(withBuffer(Array("王".utf8)) { UTF8Text.scalar(in: $0, at: 0)?.value }, 0x738B)
        XCTAssertEqual(withBuffer(Array("😀".utf8)) { UTF8Text.scalar(in: $0, at: 0)?.value }, 0x1F600)
        let refused: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF],  // overlong two-byte forms
            [0xE0, 0x80, 0x80],  // overlong three-byte form
            [0xED, 0xA0, 0x80],  // a surrogate
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
            [0xF5, 0x80, 0x80, 0x80], [0x80], [0xE2, 0x82],  // no such lead, a lone continuation, cut short
        ]
        for bytes in refused { XCTAssertNil(withBuffer(bytes) { UTF8Text.scalar(in: $0, at: 0) }, "\(bytes)") }
    }

    /// Random bytes, mostly near UTF-8: the first invalid byte is where the standard library's
    /// decoder first fails, and the scalars decoded before it are the same.
    func testAgreesWithTheStandardLibrary() {
        var random = SplitMix64(seed: 3)
        let pieces: [[UInt8]] = [
            [0x41], [0x7F], Array("é".utf8), Array("王".utf8), Array("😀".utf8), [0xC3], [0xE0, 0xA0],
            [0xED, 0xBF, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF0, 0x8F, 0x80, 0x80], [0x80], [0xFF],
        ]
        for _ in 0..<5000 {
            var bytes: [UInt8] = []
            for _ in 0..<(random.next() % 6) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            var iterator = bytes.makeIterator()
            var decoder = Unicode.UTF8()
            var expected: [UInt32] = []
            var offset = 0
            while case .scalarValue(let scalar) = decoder.decode(&iterator) {
                expected.append(scalar.value)
                offset += UTF8.width(scalar)
            }
            let firstInvalid = withBuffer(bytes) { UTF8Text.firstInvalidByte($0) }
            XCTAssertEqual(firstInvalid ?? bytes.count, offset, "\(bytes)")
            XCTAssertEqual(withBuffer(bytes) { UTF8Text.isValid($0) }, offset == bytes.count, "\(bytes)")
            XCTAssertEqual(withBuffer(bytes) { UTF8Text.string($0) }, String(validating: bytes, as: UTF8.self))
            var decoded: [UInt32] = []
            var index = 0
            withBuffer(bytes) { buffer in
                while index < buffer.count, let (value, length) = UTF8Text.scalar(in: buffer, at: index) {
                    decoded.append(value)
                    index += length
                }
            }
            XCTAssertEqual(decoded, expected, "\(bytes)")
        }
    }

    /// ASCII is passed a word at a time: a byte past ASCII, well-formed or not, is found
    /// wherever it falls in a word, after and before runs of ASCII of every length around one.
    func testEveryPlaceInAWordIsChecked() {
        let pieces: [[UInt8]] = [
            Array("é".utf8), Array("王".utf8), Array("😀".utf8), [0xC3], [0xC1, 0x81], [0xC3, 0x41], [0xE0, 0x80, 0x80],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFF], Array("ñø".utf8),
        ]
        for before in 0...17 {
            for after in 0...9 {
                for piece in pieces {
                    let bytes =
                        Array(repeating: UInt8(ascii: "a"), count: before) + piece
                        + Array(repeating: UInt8(ascii: "b"), count: after)
                    let valid = String(validating: bytes, as: UTF8.self) != nil
                    let firstInvalid = withBuffer(bytes) { UTF8Text.firstInvalidByte($0) }
                    XCTAssertEqual(firstInvalid == nil, valid, "\(bytes)")
                    if !valid { XCTAssertEqual(firstInvalid, before, "\(bytes)") }
                }
            }
        }
    }

    /// Unfinished is what the standard library's encoder begins: a proper prefix of the UTF-8
    /// of some scalar, for every one and two bytes and every three bytes that start an encoding.
    func testAnUnfinishedScalarIsAPrefixOfAnEncoding() {
        var prefixes = Set<[UInt8]>()
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let encoded = Array(String(scalar).utf8)
            for count in 1..<encoded.count { prefixes.insert(Array(encoded.prefix(count))) }
        }
        var tried: [[UInt8]] = (0...255).map { [UInt8($0)] }
        tried += (0xC0...0xFF).flatMap { lead in (0...255).map { [UInt8(lead), UInt8($0)] } }
        tried += prefixes.filter { $0.count == 2 }.flatMap { two in (0...255).map { two + [UInt8($0)] } }
        for bytes in tried {
            XCTAssertEqual(UTF8Text.isUnfinishedScalar(bytes), prefixes.contains(bytes), "\(bytes)")
        }
        XCTAssertFalse(UTF8Text.isUnfinishedScalar([UInt8]()))
        XCTAssertFalse(UTF8Text.isUnfinishedScalar(Array("é".utf8)), "finished")
        XCTAssertFalse(UTF8Text.isUnfinishedScalar(Array("😀".utf8)), "four bytes are never unfinished")
    }

    func testLowercasesASCIICapitalsOnly() {
        let lowered = (0...255).map { UTF8Text.lowercasedASCII(UInt8($0)) }
        let expected = (0...255).map { byte in (0x41...0x5A).contains(byte) ? UInt8(byte + 0x20) : UInt8(byte) }
        XCTAssertEqual(lowered, expected)
    }

    func testASCIIIsCheckedWhateverTheLength() {
        for length in 0..<20 {
            var bytes = [UInt8](repeating: 0x61, count: length)
            XCTAssertTrue(withBuffer(bytes) { UTF8Text.isASCII($0) })
            for position in 0..<length {
                bytes[position] = 0x80
                XCTAssertFalse(withBuffer(bytes) { UTF8Text.isASCII($0) }, "\(length) \(position)")
                bytes[position] = 0x61
            }
        }
    }
}
