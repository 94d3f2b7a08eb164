import PickerStore

extension ContactsCSV {
    /// Where the header put each thing the reader takes.
    struct Columns {
        var name: Int?
        var first: Int?
        var middle: Int?
        var last: Int?
        var organization: Int?
        var id: Int?
        var nickname: Int?
        var title: Int?
        var birthday: Int?
        var note: Int?
        /// The reading of the family, middle and given names, and of the whole name (Google's
        /// older `Yomi Name`).
        var readings: [Int?] = [nil, nil, nil]
        var wholeReading: Int?
        /// Phone and category columns, in the header's order.
        var phones: [Int] = []
        var categories: [Int] = []
        /// Address columns, in the header's order, each with the column of its label, if any.
        var emails: [(value: Int, label: Int?)] = []
        /// The names of the columns, for messages.
        var names: [String] = []

        /// What a column holds.
        enum Role {
            case name, first, middle, last, organization, id, nickname, title, phone, categories, birthday, note
            /// The reading of the family, middle or given name, or of the whole name.
            case lastReading, middleReading, firstReading, reading
        }

        /// The columns that name a person or an organisation, or hold what a ``ContactCard``
        /// holds, by their normalized header: the
        /// English of Google Contacts (current and older), Outlook, Thunderbird and Apple, and
        /// the localized headers of Outlook's exports as Open-Xchange's import mappings list
        /// them (German and Dutch 2007, Japanese 2010, French), Spanish as Exchange's import of
        /// Outlook CSV lists it. French `Titre`, written for both the salutation and the job
        /// title, is left out. The readings: Google's `Phonetic … Name` (older: `… Name Yomi`,
        /// `Yomi Name`), and the furigana columns Japanese address books write (`姓 (ふりがな)`,
        /// `フリガナ (名)`).
        static let roles: [String: Role] = [
            "name": .name, "full name": .name, "display name": .name, "weergavenaam": .name,
            "first name": .first, "given name": .first, "first": .first, "vorname": .first, "voornaam": .first,
            "名": .first, "prénom": .first, "nombre": .first,
            "middle name": .middle, "additional name": .middle, "weitere vornamen": .middle, "middelste naam": .middle,
            "ミドル ネーム": .middle, "deuxième prénom": .middle, "segundo nombre": .middle,
            "last name": .last, "family name": .last, "surname": .last, "last": .last, "nachname": .last,
            "achternaam": .last, "姓": .last, "nom": .last, "apellidos": .last,
            "organization name": .organization, "organization 1 - name": .organization, "company": .organization,
            "organization": .organization, "firma": .organization, "bedrijf": .organization, "会社名": .organization,
            "société": .organization, "organización": .organization,
            "id": .id, "uid": .id,
            "nickname": .nickname,
            "organization title": .title, "organization 1 - title": .title, "job title": .title, "position": .title,
            "functie": .title, "役職": .title, "puesto": .title,
            "primary phone": .phone, "mobile phone": .phone, "business phone": .phone, "business phone 2": .phone,
            "home phone": .phone, "home phone 2": .phone, "other phone": .phone, "work phone": .phone,
            "mobile number": .phone, "haupttelefon": .phone, "mobiltelefon": .phone, "telefon geschäftlich": .phone,
            "telefon geschäftlich 2": .phone, "telefon privat": .phone, "telefon privat 2": .phone,
            "weiteres telefon": .phone, "mobiele telefoon": .phone, "telefoon op werk": .phone,
            "telefoon op werk 2": .phone, "telefoon thuis": .phone, "telefoon thuis 2": .phone,
            "andere telefoon": .phone,
            "携帯電話": .phone, "会社電話": .phone, "自宅電話": .phone, "通常の電話": .phone,
            "tél. mobile": .phone, "téléphone (bureau)": .phone, "téléphone 2 (bureau)": .phone,
            "téléphone (domicile)": .phone, "téléphone 2 (domicile)": .phone, "téléphone (autre)": .phone,
            "téléphone principal": .phone, "téléphone société": .phone,
            "particular": .phone, "teléfono del trabajo": .phone, "otro teléfono": .phone,
            "teléfono principal": .phone, "número de centralita de la organización": .phone,
            "labels": .categories, "group membership": .categories, "categories": .categories,
            "kategorien": .categories, "キーワード": .categories, "catégories": .categories, "categorías": .categories,
            "birthday": .birthday, "geburtstag": .birthday, "verjaardag": .birthday, "誕生日": .birthday,
            "anniversaire": .birthday,
            "notes": .note, "notizen": .note, "notities": .note, "メモ": .note,
            "phonetic last name": .lastReading, "family name yomi": .lastReading, "姓 (ふりがな)": .lastReading,
            "ふりがな (姓)": .lastReading, "フリガナ (姓)": .lastReading, "phonetic middle name": .middleReading,
            "additional name yomi": .middleReading, "phonetic first name": .firstReading,
            "given name yomi": .firstReading, "名 (ふりがな)": .firstReading, "ふりがな (名)": .firstReading,
            "フリガナ (名)": .firstReading, "yomi name": .reading,
        ]

        /// The headers, normalized, that only Outlook's Japanese export writes: one of them in
        /// a first line that is not UTF-8 says the file is in CP932.
        static let japaneseOutlookHeaders: Set<String> = [
            "姓", "名", "ミドル ネーム", "会社名", "役職", "携帯電話", "会社電話", "自宅電話", "通常の電話", "キーワード", "誕生日",
            "メモ",
        ]

        /// The columns of `header`; nil when no column names a person (a name, a first, a last,
        /// a given or family name) or an address.
        init?(header: [String]) {
            names = header
            var labels: [String: Int] = [:]
            var values: [(number: String, column: Int)] = []
            for (column, heading) in header.enumerated() {
                let key = Self.normalized(heading)
                switch Self.roles[key] {
                case .name?: name = name ?? column
                case .first?: first = first ?? column
                case .middle?: middle = middle ?? column
                case .last?: last = last ?? column
                case .organization?: organization = organization ?? column
                case .id?: id = id ?? column
                case .nickname?: nickname = nickname ?? column
                case .title?: self.title = self.title ?? column
                case .phone?: phones.append(column)
                case .categories?: categories.append(column)
                case .birthday?: birthday = birthday ?? column
                case .note?: note = note ?? column
                case .lastReading?: readings[0] = readings[0] ?? column
                case .middleReading?: readings[1] = readings[1] ?? column
                case .firstReading?: readings[2] = readings[2] ?? column
                case .reading?: wholeReading = wholeReading ?? column
                case nil where Self.isGooglePhone(key):
                    phones.append(column)
                case nil:
                    if let number = Self.emailNumber(key, suffixes: Self.valueWords) {
                        values.append((number, column))
                    } else if let number = Self.emailNumber(key, suffixes: ["label", "type"]) {
                        labels[number] = labels[number] ?? column
                    }
                }
            }
            emails = values.map { (value: $0.column, label: $0.number.isEmpty ? nil : labels[$0.number]) }
            guard name != nil || first != nil || last != nil || !emails.isEmpty else { return nil }
        }

        /// The columns of a CSV without a header whose first record is `fields`: Thunderbird's
        /// column order (First Name, Last Name, Display Name, Nickname, Primary Email, Secondary
        /// Email…) when its fifth field is an address, else the fields that are addresses as
        /// addresses and the first other field as the name; nil when no field is an address.
        init?(headerless fields: [String]) {
            let isAddress = fields.map { EmailAddress.isPlain($0.trimmingWhitespace) }
            guard isAddress.contains(true) else { return nil }
            names = []
            if fields.count >= 6, isAddress[4] {
                (first, last, name) = (0, 1, 2)
                emails = [(4, nil), (5, nil)]
                return
            }
            emails = isAddress.indices.filter { isAddress[$0] }.map { (value: $0, label: nil) }
            name = isAddress.firstIndex(of: false)
        }

        /// Whether `key` is Google's `Phone N - Value`.
        private static func isGooglePhone(_ key: String) -> Bool {
            key.hasPrefix("phone ") && key.hasSuffix(" - value")
        }

        /// The words after `email` (and its number) in the header of an address column:
        /// `E-mail 1 - Value`, `E-mail Address`, `Email Home`, `E-Mail 2: Adresse`, `E-mailadres`.
        private static let valueWords: Set<String> = [
            "", "value", "address", "home", "work", "other", "adresse", "adres",
        ]

        /// A header lower-cased, its spaces trimmed and single, `e-mail` (and the Japanese
        /// `電子メール`, `アドレス`) spelled `email`, `address`, and French Outlook's `adresse de
        /// messagerie` and Spanish Outlook's `dirección de correo electrónico` (or `del correo`)
        /// spelled `email`.
        static func normalized(_ title: String) -> String {
            title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
                .replacing("e-mail", with: "email").replacing("電子メール", with: "email")
                .replacing("アドレス", with: "address").replacing("adresse de messagerie", with: "email")
                .replacing("dirección de correo electrónico", with: "email")
                .replacing("dirección del correo electrónico", with: "email")
        }

        /// When `key` names an address column (`email`, `email 2 address`, `email 1 - value`,
        /// `primary email`, `secondary email`, `email 2: adresse`…) ending in one of
        /// `suffixes`: its number, or empty when it has none.
        private static func emailNumber(_ key: String, suffixes: Set<String>) -> String? {
            var rest = Substring(key)
            for prefix in ["primary ", "secondary ", "home ", "work ", "other "] where rest.hasPrefix(prefix) {
                rest = rest.dropFirst(prefix.count)
            }
            guard rest.hasPrefix("email") else { return nil }
            rest = rest.dropFirst("email".count)
            let number = String(rest.filter(\.isNumber))
            let word = rest.filter { !$0.isNumber && $0 != " " && $0 != "-" && $0 != ":" }
            return suffixes.contains(String(word)) ? number : nil
        }
    }
}
