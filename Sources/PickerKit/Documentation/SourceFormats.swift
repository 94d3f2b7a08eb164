import PickerSources
import PickerStore

extension Options {
    /// The formats a source is read in, told by content, as the man page lists them.
    package static let sourceFormats: [(kind: String, meaning: String)] = [
        (
            "JSON",
            "when the first byte that is not white space (after a byte-order mark) is { or [, unless the first line is not JSON (then it is text): a Graph friends page {\"data\": [...]}, an array of friends {\"id\", \"name\", \"first_name\", \"middle_name\", \"last_name\"} or of names [\"Ann Lee\", ...] (numbered from 1), or a Facebook export's friends list {\"friends_v2\": [{\"name\", \"timestamp\"}]} (older: \"friends\"); a Graph object with its friends edge nested ({\"id\", \"name\", \"friends\": {\"data\": [...]}}, as /me?fields=id,name,friends answers) is read as its page; an object without an id gets one made from its name; an element that is no friend (a number, a string in a page, an object without a name) is skipped and counted as a card is, and only a list of which none is a friend is an error; another file of a Facebook export (removed friends, friend requests, follows) is refused naming your_friends.json; a syntax error names its line and column"
        ),
        (
            "Facebook export",
            "its friends list as above, its folder, or its .zip (read in place with the system's zlib; an encrypted one is refused): connections/friends/your_friends.json, or friends/friends.json and friends_and_followers/friends.json in older exports, with the contacts of its address book (your_address_books.json, the contacts its owner uploaded: their addresses and phone numbers go to the friend of the same name, or make friends of their own; one that cannot be read is told and costs nothing else); names the export wrote as escaped UTF-8 bytes are repaired; the id is made from the name and the date the friendship began, which is shown where two friends share a name"
        ),
        (
            "vCard",
            "when it starts with BEGIN:VCARD (after any # comment lines, which are ignored): versions 4.0, 3.0 and 2.1 (quoted-printable, CHARSET); FN is the name (else N, else the name of an EMAIL written Name <addr>, else ORG, else the preferred address, which the mail formats then print alone), UID the id (else a hash of the name and addresses, and of the whole card for a namesake whose other details differ, so that only a card written twice alike is left out as given before), EMAIL the addresses, the preferred first (one written Name <addr>, as some exporters write it, gives the address; so does such a CSV cell); NICKNAME, ORG, TITLE, TEL, CATEGORIES, BDAY and the first line of NOTE are kept, and searched; so is the name's reading, X-PHONETIC-LAST-NAME, -MIDDLE-NAME and -FIRST-NAME (else N's SORT-AS, else SOUND;X-IRMC-N), which sorts and sections a name whose first letter has no section (山田太郎 read やまだ たろう is under や); a card that cannot be read (a line that is no property, a value that cannot be decoded, no END:VCARD, a file cut off) or has neither name nor address is skipped, the rest read, and standard error (and the screen's bottom line) says how many were skipped and the line of the first"
        ),
        (
            "vCard folder",
            "a folder holding .vcf files (a vdir, as vdirsyncer writes it and khard reads it; one card a file, or several): one address book, its files read in the order of their names; files whose names start with a dot are passed over. A file that cannot be read (a symbolic link, not a regular file, larger than \(ReadLimit.cardFile.shown), not a vCard, a card broken) is skipped whole and told on standard error, the first \(VCardFolder.namedProblems) by name, then how many of the folder's files were skipped; only when every file is skipped is the folder an error"
        ),
        (
            "CardDAV",
            "carddavs://[USER@]HOST[:PORT]/[PATH] (carddav:// for plain http to a loopback address): without a PATH the address books are found (/.well-known/carddav, current-user-principal, addressbook-home-set) and all read; a PATH names one. The first sync reads the book's token, then every card by one addressbook-query (a server that refuses it or caps its answer has its etags listed by PROPFIND and the rest fetched by addressbook-multiget, 250 at a time); later syncs ask sync-collection with the book's token and fetch what changed, or compare the etags when the token is refused. The cards, etags and tokens are kept in the cache directory (carddav-HASH.cache, a hash of the URL and the user), shown at once by the next run while the server is asked, and alone with --offline. The password comes from --password-command, $PICKER_PASSWORD_COMMAND or ~/.netrc, is sent (Basic) only to the source's origin, and never kept; a 401 exits 3 naming the server. A card that cannot be read is skipped and told"
        ),
        (
            "several sources",
            "--source given more than once: every source is read, in the order given, into one list; each friend's id (and a group's members' ids) gets its source's place in front (1:, 2:…). A person found in several sources is one friend: the same vCard UID, or the same name (compared as the search compares it: case, accents and spaces folded) and an email address in common (compared without case); two namesakes without an address in common stay two, and so do two contacts of one source. The friend keeps the id, the name and the card fields of the first source that has the person, its preferred address first, and takes the addresses, phones, categories and fields the others add; so the same sources given in the same order give it the same id on every run, which the selection, --select and the friends picked before (Recent) go by. With --format json each friend names in sources the --source values it was found in (a URL without its user, password and token). A source that fails is told on standard error and costs only itself: the others are shown, and the status is that of the run; only when every source fails does picker exit 2, naming each. Standard input may be one of them once, and a URL one at most (the session goes to one service); their friends are not cached, and --offline refuses them"
        ),
        (
            "CSV",
            "when the first line is a header naming a person's or an address's column, or a record holding an address: Google Contacts (First Name, Last Name, E-mail 1 - Value; older: Given Name, Family Name), Outlook in English, German, Dutch, Japanese, French and Spanish (E-mail Address; Vorname, Nachname, E-Mail-Adresse, E-Mail 2: Adresse; Voornaam, Achternaam, E-mailadres; Prénom, Nom, Adresse de messagerie; Nombre, Apellidos, Dirección de correo electrónico 2), Thunderbird (Primary Email, Secondary Email), Roundcube (Email Home, Email Work, Email Other), name,email, or a column of addresses; fields separated by a comma, a semicolon or a tab, whichever the first line holds most of; without a header, Thunderbird's column order, else the fields that are addresses; several addresses in one cell are joined with \" ::: \"; the nickname, company, job title, phones, categories (Google's labels), birthday and the first line of the notes are kept, and searched; so is the name's reading (Phonetic Last Name, Phonetic Middle Name, Phonetic First Name; older: Family Name Yomi, Given Name Yomi, Yomi Name; 姓 (ふりがな), 名 (ふりがな)), as a vCard's; a contact without a name goes by its company, else its address (printed alone by the mail formats); a record that cannot be read, or has neither name nor address, is skipped and counted as a card is, naming its line (and column and header); a CSV whose header names no column picker knows is refused, naming it"
        ),
        (
            "text",
            "anything else: one name per line, the line number as id, blank lines skipped; piped in, the names show as they come. A file of another kind, told by its first bytes (an image, a PDF, a gzip, bzip2, xz, 7-Zip, RAR or tar file, an SQLite database, a spreadsheet or document, a program), is refused naming what it looks like (exit 2), never read as names. When a source is not what its content looks like (a list of names whose first line looks like a CSV header or JSON), --input json, vcard, csv, text or facebook says what it is"
        ),
    ]

    /// What the man page says under the formats: what picker opens, how it is read, and how
    /// much of it.
    package static let sourceLimits =
        "Every format is read in UTF-8 (a byte-order mark is passed over), or in UTF-16 or UTF-32: with a byte-order mark, or UTF-16 without one, told by its NUL bytes (such a source is read whole, then turned into UTF-8). In a vCard or a CSV, a line or value that is not UTF-8 is read as Windows-1252 (a vCard's CHARSET is followed where given; a CSV headed as Outlook's Japanese export is read as CP932), which a note on standard error says. In a vCard, a CSV or a list of names, lines end in LF, CRLF or, when the first line end is one, CR alone. A file is opened once and read from the open file; a FIFO (--source <(command)) is read as standard input is, a device or a socket is refused. JSON, vCard and CSV are read as they come, from a file or a pipe alike, in bounded memory: at most \(ReadLimit.source.shown) of a source or of standard input is read, a single JSON value or line may take at most \(FriendsJSON.largestUnit >> 20) MB, and more is an error (exit 2) that names the limit. In a Facebook export's folder no symbolic link is followed and only a regular file is read as its friends list, at most \(ReadLimit.exportFriendsList.shown) of it; in a folder of .vcf files each is opened from the folder, never through a symbolic link, at most \(ReadLimit.cardFile.shown) of each and \(ReadLimit.source.shown) of all. picker's own files (the friend cache, at most \(ReadLimit.cache.shown); the record of picks, \(ReadLimit.history.shown); the session, \(ReadLimit.session.shown), as is a --session-file) are read only when they are regular files of the user, never through a symbolic link, in a directory of the user that no one else can write in and that is not itself a symbolic link."

    /// The lines that make picker the address book of mutt, neomutt and aerc, and mutt's
    /// macro that fills `To:` from the picker.
    ///
    /// mutt quotes the query itself before it puts it in place of `%s` and runs the line with
    /// `sh -c`. Its macro runs picker with `source 'command |'`, which hands the terminal over
    /// while the command runs and reads its output as mutt commands: `--format mutt-to` prints
    /// one `push` that no name can turn into another key or command (see ``MuttKeys``).
    ///
    /// aerc puts the text typed in place of `%s` as it is, then splits the line into words
    /// itself (0.21 and before: 0.14 to 0.16 with google/shlex, which drops a `#` comment to
    /// the end of its line, later ones with their own splitter) or runs it with `sh -c`
    /// (later), where no quote around `%s` stays closed against an apostrophe typed. So the
    /// query is put on a line of its own (a value in `"""` spans lines): `sh -c` reads it as
    /// the body of a here-document, data that nothing expands, ended by a line holding `#`
    /// (a comment, were the query that line); split without a shell, it is the words after
    /// `<<#`, arguments of the inner `sh`, and the line `#` a comment. The inner `sh` takes
    /// the one or the other (it has arguments only in the second case) and gives picker the
    /// query as one argument; as a shell runs picker either way, `~` is expanded.
    package static let mailClientSetUp: [(client: String, lines: [String])] = [
        (
            "mutt, neomutt (~/.muttrc)",
            ["set query_command = \"picker --source ~/contacts.vcf --filter %s --format mutt\""]
        ),
        (
            "To: from the picker in mutt, neomutt (~/.muttrc)",
            [
                "macro compose \\cp \"<enter-command>source 'picker --source ~/contacts.vcf --format mutt-to |'<enter>\" \"pick recipients\""
            ]
        ),
        (
            "aerc (~/.config/aerc/aerc.conf, [compose])",
            [
                #"address-book-cmd = """sh -c 'if [ $# = 0 ]; then IFS= read -r q; else shift; q="$*"; fi; exec picker --source ~/contacts.vcf --filter "$q" --format aerc' picker <<'#'"#,
                "%s",
                #"#""""#,
            ]
        ),
    ]

    /// What the man page says under the set-up lines: how the clients run them, and what
    /// reaches standard error.
    package static let mailClientNotes =
        "mutt quotes the query it puts in place of %s. In the compose menu, Ctrl-P runs the macro: source hands the terminal to picker and reads what it prints as mutt commands; --format mutt-to prints one, a push that opens To: and types the mailboxes picked (as --format address prints them) at its end, each character behind <quote-char> and mutt's quoting kept, so that no name becomes a key or a command; nothing when nothing is picked, and an echo command naming what went wrong when picker fails. aerc puts the text typed in place of %s as it is, and splits the line into words itself (0.21 and before) or runs it with sh -c (later), where no quote around %s holds against an apostrophe typed: so the query is on a line of its own, a here-document for sh -c and the words after <<# for aerc's splitter, and the inner sh gives picker either as one argument. With --format mutt, mutt-to and aerc, standard error carries only errors, not the notes of what was left out (contacts skipped, friends without an address, addresses that are not one plain address): mutt does not capture it, and it would land on its screen."
}
