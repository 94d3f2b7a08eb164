/// The index letters of the scripts that have sections of their own after `A`–`Z`, as a
/// contacts list's index gives them by the locale: Greek `Α`–`Ω`, Cyrillic `А`–`Я`, Hebrew,
/// Arabic, Devanagari and the other scripts of India (Bengali, Gurmukhi, Gujarati, Oriya, Tamil,
/// Telugu, Kannada, Malayalam), the Thai consonants `ก`–`ฮ`, the kana rows `あかさたなはまやらわ`
/// (hiragana and katakana alike) and the Hangul initial consonants `ㄱㄴㄷ…` (a doubled one
/// under its single twin). Any other first letter (CJK ideographs, digits, symbols) is under
/// `#`; a name there whose reading is given is placed by the reading (``NameReading``).
///
/// A section is told by the first scalar of a sort key, which is folded for case and accents
/// (`ё` is `е`, `ά` is `α`): each scalar a section takes has the section's code (``code(index:)``,
/// from its place in ``letters``), which the sort key carries after its section byte so that the
/// sections sort in this order and their names by their bytes within each.
enum ScriptSections {
    /// The code of the first section; the codes are above the part separator and byte 0.
    static let firstCode: UInt8 = 2
    /// The first byte of the codes of two bytes, which the sections past the first 238 have.
    static let twoByteCodes: UInt8 = 0xF0

    /// The letters of the sections in order, each with the (folded) scalars its names start
    /// with: the small letter, or the kana of its row.
    private static let table: [(letter: Character, scalars: [ClosedRange<UInt32>])] = {
        var table: [(letter: Character, scalars: [ClosedRange<UInt32>])] = []
        func add(_ letter: Character, _ scalars: String) {
            table.append((letter, scalars.unicodeScalars.map { $0.value...$0.value }))
        }
        // Greek: final sigma is sigma.
        for (letter, small) in zip("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ", "αβγδεζηθικλμνξοπρστυφχψω") {
            add(letter, small == "σ" ? "σς" : String(small))
        }
        // Cyrillic, the letters of Ukrainian, Belarusian, Serbian and Macedonian after the
        // letter they follow in those alphabets.
        for (letter, small) in zip(
            "АБВГҐДЂЕЄЖЗЅИІЈКЛЉМНЊОПРСТЋУФХЦЧЏШЩЪЫЬЭЮЯ", "абвгґдђеєжзѕиіјклљмнњопрстћуфхцчџшщъыьэюя")
        {
            let variants: [Character: String] = ["г": "ѓ", "е": "ёѐ", "и": "йѝ", "і": "ї", "к": "ќ", "у": "ў"]
            add(letter, String(small) + (variants[small] ?? ""))
        }
        // Hebrew: a final form is its letter.
        let finals: [Character: String] = ["כ": "ך", "מ": "ם", "נ": "ן", "פ": "ף", "צ": "ץ"]
        for letter in "אבגדהוזחטיכלמנסעפצקרשת" { add(letter, String(letter) + (finals[letter] ?? "")) }
        // Arabic, with the letters Persian and Urdu add after the one they are made from.
        let forms: [Character: String] = ["ا": "ءأإآٱ", "ه": "ة", "و": "ؤ", "ي": "ىئی", "ك": "ک"]
        for letter in "ابپتثجچحخدذرزژسشصضطظعغفقكگلمنهوي" { add(letter, String(letter) + (forms[letter] ?? "")) }
        // Devanagari: the vowels, then the consonants, a letter with a nukta its letter's.
        let nukta: [UInt32: [UInt32]] = [
            0x905: [0x904], 0x90B: [0x960], 0x90C: [0x961], 0x915: [0x958], 0x916: [0x959], 0x917: [0x95A],
            0x91C: [0x95B], 0x921: [0x95C], 0x922: [0x95D], 0x928: [0x929], 0x92B: [0x95E], 0x92F: [0x95F],
            0x930: [0x931], 0x933: [0x934],
        ]
        for value in UInt32(0x905)...0x939 where ![0x929, 0x931, 0x934].contains(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            table.append((Character(scalar), ([value] + (nukta[value] ?? [])).map { $0...$0 }))
        }
        // The other scripts of India as Devanagari, each its letters from its first vowel to its
        // last consonant (offsets 0x05 to 0x39 of its block), a letter with a nukta its letter's.
        let nuktas: [UInt32: UInt32] = [
            0x9DC: 0x9A1, 0x9DD: 0x9A2, 0x9DF: 0x9AF, 0xA33: 0xA32, 0xA36: 0xA38, 0xA59: 0xA16, 0xA5A: 0xA17,
            0xA5B: 0xA1C, 0xA5C: 0xA21, 0xA5E: 0xA2B, 0xB5C: 0xB21, 0xB5D: 0xB22,
        ]
        for block in stride(from: UInt32(0x980), through: 0xD00, by: 0x80) {
            for value in (block + 0x05)...(block + 0x39) where nuktas[value] == nil {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .otherLetter else {
                    continue
                }
                let twins = nuktas.filter { $0.value == value }.map { $0.key...$0.key }
                table.append((Character(scalar), [value...value] + twins))
            }
        }
        // Thai: the consonants ก–ฮ, the obsolete ฃ and ฅ under ข and ค; a vowel written before
        // its consonant (เ แ โ ใ ไ) is passed over (see `writtenBefore`).
        let obsolete: [UInt32: [UInt32]] = [0xE02: [0xE03], 0xE04: [0xE05]]
        for value in UInt32(0xE01)...0xE2E where value != 0xE03 && value != 0xE05 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            table.append((Character(scalar), ([value] + (obsolete[value] ?? [])).map { $0...$0 }))
        }
        // Kana rows: the hiragana (and ヷ–ヺ), the katakana U+0060 above them, the half-width
        // katakana.
        let rows: [(Character, [ClosedRange<UInt32>], [ClosedRange<UInt32>])] = [
            ("あ", [0x3041...0x304A, 0x3094...0x3094], [0xFF67...0xFF6B, 0xFF71...0xFF75]),
            ("か", [0x304B...0x3054, 0x3095...0x3096], [0xFF76...0xFF7A]),
            ("さ", [0x3055...0x305E], [0xFF7B...0xFF7F]),
            ("た", [0x305F...0x3069], [0xFF6F...0xFF6F, 0xFF80...0xFF84]),
            ("な", [0x306A...0x306E], [0xFF85...0xFF89]),
            ("は", [0x306F...0x307D], [0xFF8A...0xFF8E]),
            ("ま", [0x307E...0x3082], [0xFF8F...0xFF93]),
            ("や", [0x3083...0x3088], [0xFF6C...0xFF6E, 0xFF94...0xFF96]),
            ("ら", [0x3089...0x308D], [0xFF97...0xFF9B]),
            ("わ", [0x308E...0x3093, 0x30F7...0x30FA], [0xFF66...0xFF66, 0xFF9C...0xFF9D]),
        ]
        for (letter, kana, halfWidth) in rows {
            let katakana = kana.filter { $0.upperBound < 0x30F7 }.map {
                ($0.lowerBound + 0x60)...($0.upperBound + 0x60)
            }
            table.append((letter, kana + katakana + halfWidth))
        }
        // Hangul: by the initial consonant of the syllable (see `hangulCodes`), or a jamo.
        for letter in "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ" { table.append((letter, [])) }
        return table
    }()

    /// The code of each Hangul initial consonant, in the order of the syllables (ㄱ ㄲ ㄴ ㄷ ㄸ
    /// ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ): its letter's, a doubled one its single twin's.
    private static let hangulCodes: [UInt16] = "ㄱㄱㄴㄷㄷㄹㅁㅂㅂㅅㅅㅇㅈㅈㅊㅋㅌㅍㅎ".map { letter in
        code(index: letters.firstIndex(of: letter) ?? 0)
    }

    /// The compatibility jamo of the initial consonants, in the syllables' order.
    private static let compatibilityInitials: [UInt32] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147, 0x3148,
        0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]

    /// The letters of the sections, in order: ``code(index:)`` is the code of `letters[index]`.
    static let letters: [Character] = table.map(\.letter)

    /// The code of `letters[index]`, as a number whose high byte is the key's first byte after
    /// the section byte and whose low byte is its second: `firstCode + index` alone below
    /// ``twoByteCodes``; past them, ``twoByteCodes`` plus the page of ``pageSize``, then
    /// `firstCode` plus the place in it (no byte of a code is 0 or the part separator). Codes
    /// compare as their bytes do, and none is 0.
    static func code(index: Int) -> UInt16 {
        let value = Int(firstCode) + index
        guard value >= Int(twoByteCodes) else { return UInt16(value) << 8 }
        let beyond = value - Int(twoByteCodes)
        return UInt16(Int(twoByteCodes) + beyond / pageSize) << 8 | UInt16(Int(firstCode) + beyond % pageSize)
    }

    /// How many codes of two bytes share their first byte.
    private static let pageSize = 256 - Int(firstCode)

    /// The code a key carries whose bytes after its section byte are `first`, then `second`
    /// (any byte when the code is of one byte).
    @inline(__always)
    static func code(first: UInt8, second: UInt8) -> UInt16 {
        first >= twoByteCodes ? UInt16(first) << 8 | UInt16(second) : UInt16(first) << 8
    }

    /// How many bytes `code` takes in a key.
    @inline(__always)
    static func length(of code: UInt16) -> Int { code >> 8 < twoByteCodes ? 1 : 2 }

    /// The place of each letter in ``letters``.
    private static let places: [Character: Int] = Dictionary(
        uniqueKeysWithValues: letters.enumerated().map { ($1, $0) })

    /// The code of each scalar from U+0370 to U+0E7F (Greek to Thai) and from U+3040 to
    /// U+30FF (kana), 0 for none; a table read in one step.
    private static let alphabetCodes = codes(for: 0x370..<0xE80)
    private static let kanaCodes = codes(for: 0x3040..<0x3100)
    private static let halfWidthCodes = codes(for: 0xFF66..<0xFF9E)

    private static func codes(for scalars: Range<UInt32>) -> [UInt16] {
        var codes = [UInt16](repeating: 0, count: scalars.count)
        for (index, entry) in table.enumerated() {
            for range in entry.scalars {
                for value in range where scalars.contains(value) {
                    codes[Int(value - scalars.lowerBound)] = code(index: index)
                }
            }
        }
        return codes
    }

    /// The code of the section of names whose sort key starts with the scalar `value`; nil
    /// for `#`.
    static func code(of value: UInt32) -> UInt16? {
        let code: UInt16
        switch value {
        case 0x370..<0xE80: code = alphabetCodes[Int(value - 0x370)]
        case 0x3040..<0x3100: code = kanaCodes[Int(value - 0x3040)]
        case 0xFF66..<0xFF9E: code = halfWidthCodes[Int(value - 0xFF66)]
        // A syllable is 588 after the one of the initial before (21 vowels × 28 finals).
        case 0xAC00...0xD7A3: return hangulCodes[Int(value - 0xAC00) / 588]
        case 0x1100...0x1112: return hangulCodes[Int(value - 0x1100)]
        case 0x3131...0x314E: return compatibilityInitials.firstIndex(of: value).map { hangulCodes[$0] }
        default: return nil
        }
        return code == 0 ? nil : code
    }

    /// Whether `value` is a vowel written before the consonant it follows in speech (Thai's
    /// เ แ โ ใ ไ): a name that starts with one is in the section of the letter after it.
    static func writtenBefore(_ value: UInt32) -> Bool { value &- 0xE40 < 5 }

    /// The letter of section `code`; `#` for a code that is none.
    static func letter(code: UInt16) -> Character {
        let (high, low) = (Int(code >> 8), Int(code & 0xFF))
        let index =
            high < Int(twoByteCodes)
            ? high - Int(firstCode)
            : Int(twoByteCodes - firstCode) + (high - Int(twoByteCodes)) * pageSize + low - Int(firstCode)
        return letters.indices.contains(index) && Self.code(index: index) == code ? letters[index] : "#"
    }

    /// The place of `letter` among the scripts' sections, nil when it is none of theirs.
    static func place(of letter: Character) -> Int? { places[letter] }
}
