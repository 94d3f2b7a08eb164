import PickerSources
import PickerStore

/// The man page's prose: what the tables of options, keys, variables, files and statuses do
/// not say. The README tours what picker does and points here for the whole of it.
extension ManPage {
    /// What DESCRIPTION says after its first paragraph: where the friends come from, and the
    /// screen that opens before they do.
    static let introduction = [
        "Without --source on the command line, picker reads standard input when it is not a terminal, as fzf, fzy and gum do: what is piped in wins over $PICKER_SOURCE and over a --source in $PICKER_DEFAULT_OPTS, which are read only when standard input is the terminal ($PICKER_DEFAULT_OPTS's first); with none of them, the bundled sample. A --source on the command line replaces those of $PICKER_DEFAULT_OPTS. With --read0, standard input is names each ended by NUL, never read by its format.",
        "The screen opens at once, before the source has said anything: the title says what picker waits for (reading standard input…, reading friends.json…, connecting to HOST…) beside a spinner, what is typed is searched as the friends arrive, and Esc or Ctrl-C leave at once. A source that fails before giving anyone closes the screen and is reported on standard error (exit 2). Once the source is read, the bottom line says how many contacts were skipped and where the first was.",
        "Any terminal works while /dev/tty can be opened: a TERM this machine has no terminfo entry for (xterm-kitty, alacritty, wezterm over ssh), dumb (vim's :r !picker) or none is drawn as xterm-256color (else xterm, ansi, vt100), as fzf and fzy draw, and a line on standard error says so once picker ends.",
    ]

    /// What KEYS says before its tables: how the keys are laid out, and what the screen shows.
    static let keys = [
        "The search is live from the first key, as fzf's: typing a name searches, Enter is done (one Enter, from the search too), Down goes into the list with the search kept, where Space ticks and typing goes on editing it. Every key does one thing: no printable key selects more than one friend, jumps or quits (select-all is Alt-A, the section jump Ctrl-S then a letter). readline's keys edit the search, Alt keys included: a terminal sends Esc then the key, which is one key, never a cancel. A paste goes into the search on one line. Esc peels one layer at a time: it clears the search; with none, it cancels, but with friends selected it first asks (Esc again to discard 3 selected); Ctrl-C cancels at once. The ? overlay shows as many keys as the screen has rows.",
        "The terminal's cursor stands on the row under the cursor (on the query while typing), so that a screen reader or a braille display follows it. Where friends shown share a name, each row shows dimmed what tells them apart: the day the friendship began, the middle name, or the end of the id. A friend's first email address is shown dimmed after the name. Ctrl-O shows the details pane: every field of the friend under the cursor (nickname, addresses, phones, organisation, title, groups, birthday, the first line of the notes, a group's members, the id), beside the list on a terminal of 80 columns or more and below it on a narrower one; it follows the cursor.",
        "Colours read on dark and light themes, and every meaning is also carried by reverse video, bold or underline, so --no-color (or NO_COLOR) loses nothing.",
    ]

    /// What SEARCH says after the help's paragraphs: the letters folded, the order without a
    /// query, and what the fields change.
    static let search = [
        "A term typed with an accent matches only that accent (zoë finds Zoë, not Zoe). Strokes count as accents (lukasz finds Łukasz), and letters of their own are found by their Latin spellings: ae finds Æ, oe Œ, th Þ, d Ð, ss ß.",
        "Without a query, friends are sorted by first name (--sort last: by last name) under the sections (A to Z, other scripts' index letters, then #), the friends picked most first under \"Recent\", then the groups under \"Groups\" (and not under their letters). With one, on a million friends, an shows Ana first, not the 21,000 Ada Anderssons before her. --filter prints in the order the list shows, leaving the picks out, so that its output depends only on the source and the query. With --no-sort there are no sections, no \"Recent\" and no \"Groups\", and equal scores keep the source's order.",
        "With --with-nth, --nth or --accept-nth, a line is printed as read, tabs and all, unless --accept-nth chooses its fields; on the screen a tab shows as a space.",
    ]

    /// What SOURCES says after the limits: how a source is read, where its errors are, and
    /// what a card that cannot be read costs.
    static let reading = [
        "vCard 3.0 is what Google and Apple write, 2.1 what Android writes (after # comment lines), each with its escapes. A CSV is quoted as RFC 4180 says. A vCard's CHARSET may be any the C library converts: ISO-8859-x, Windows-125x, Shift_JIS, EUC-JP. Windows-1252 is what Outlook, Excel and The Bat! write in the West. Lines may end in LF, CRLF or CR alone (classic Mac OS), and lines are counted either way.",
        "An error names the source and where in it: the line and column of JSON or CSV, the line of a vCard, the byte offset of invalid UTF-8. A CSV whose first lines look like records (three fields or more, the same number on each) but whose header names no column picker knows is refused, its header named, never read as one name per line.",
        "One bad card never costs the address book. A vCard that cannot be read (a line that is no property, a value that cannot be decoded, a card without END:VCARD, a file cut off mid-line) is skipped and the next card read; so is a CSV record that cannot be read (a stray quote, or a quoted field that never ends, whose lines are then read again as records). Standard error says so when picker ends (contacts.vcf: 2 contacts skipped, first at line 20: expected a property NAME:VALUE). The exit status is that of the friends read; only a source of which nothing at all could be read is an error (exit 2), named by its first problem.",
        "A contact with an address and no name is kept, as khard, abook and aerc keep it: it goes by its organisation, else by its address, and is found by either; the mail formats print the address alone (mutt with an empty name). A Facebook export's names written as UTF-8 bytes escaped one by one (\"L\\u00c3\\u00b8ye\") are repaired (Løye).",
    ]

    /// What URL SOURCES says: how the friends of a live session are read, retried, bounded and
    /// cached.
    static let urlSources = [
        "With --source https://…/me/friends, picker reads the friends of a session from a service speaking the Graph API friends contract, the way the Facebook picker did. The session comes from --session-file, --session, $PICKER_SESSION, or the session picker login stored. The list grows as paging.next is followed, loaded/total in the title; a page that breaks the contract is an error naming its URL, never a shorter list, and --filter never prints a partial list (exit 2).",
        "The token goes only to the origin (scheme, host, port) of the --source URL, in an Authorization: Bearer header, never in a URL or a message. Plain http:// is taken only for a loopback address written as one (http://127.0.0.1:8080, http://[::1]:8080), never http://localhost, which libcurl tries on both address families: a listener on the other one would get the token. On loopback any program of any user that listens on the port first sees the token and can answer for the service, so anything shared uses https, whose certificate says who answers.",
        "Temporary failures (HTTP 429 and 5xx, Graph codes 1, 2, 4, 17, 32 and 613) are retried with backoff, honouring Retry-After; a rejected session (Graph code 190 or 102, HTTP 401) exits 3, and the session's cache is removed.",
        "Whatever the service or the network does, time and memory are bounded: each request, its redirects included, takes at most --timeout (15 s by default), the whole load at most --load-timeout (120 s; the message says how many pages and friends it read), a wait before a retry 60 s and all of a load's waits 120 s; a body is at most 64 MB once decoded and a load's pages 128 MB together (about a million friends), a friend's id or name part 4 KB, a URL 8 KB. Certificates are checked against the system's authorities (a private one is trusted through SSL_CERT_FILE, SSL_CERT_DIR or CURL_CA_BUNDLE, as with curl); an https source uses the proxy of https_proxy, all_proxy and no_proxy only through a CONNECT tunnel.",
        "Once every page is in, the friends are cached: the next run shows them at once with their age (cached 3 h ago · refreshing) while the service is read again, then swaps in the new list in one step, keeping the cursor and the selection. --offline reads only the cache.",
    ]

    /// What CARDDAV says, beside the source format's entry: the protocol, and what the
    /// password may not be.
    static let cardDAV = [
        "A CardDAV source (Nextcloud, Radicale, Fastmail, iCloud, Baïkal…) is synced and searched locally: no server folds accents or ranks as picker does, and a query would cost a round trip per pause in typing. Without a path the books are found as RFC 6764 says, and later runs go straight to them (they are found again when one is gone, or with --rediscover); later syncs ask what changed since the last sync token (sync-collection, RFC 6578) and fetch only that, dropping what was removed. A card that cannot be read costs only itself.",
        "The user comes from the URL or --user, the password from --password-command, $PICKER_PASSWORD_COMMAND or ~/.netrc; a password in the URL is refused. A server that wants an OAuth bearer token (Google's) gets the one --bearer-command or $PICKER_BEARER_COMMAND prints, under a session token's rules: to the source's origin alone, over TLS or to loopback, cut out of every message. The timeouts, limits, proxy and private authorities are those of a URL source.",
    ]

    /// What MAIL CLIENTS says before the set-up lines: what the mail formats search, print and
    /// leave out, and the groups.
    static let mail = [
        "A search term with @ matches addresses (ann@, @example.org); in the mail formats any term does (juer finds juergen@example.de). The mail formats leave out friends without an address, and addresses that are not one plain name@domain: a cell holding eve@x.org, boss@y.org would add recipients once pasted into a header. address prints Name <email> as RFC 5322 writes it, the name quoted when needed, for headers and git send-email --to.",
        "--filter prints every address of every friend found, as mutt's query menu lists them. In the picker a pick prints one: the preferred one (vCard PREF, the first a CSV gives), which the row shows, or another chosen with Alt-1 to Alt-9 as the details pane numbers them. A friend without an address is dimmed, and Space or Enter on him says so on the bottom line instead of printing nothing.",
        "Groups are rows of their own: a vCard 4 KIND:group card with its MEMBERs, an Apple group card (X-ADDRESSBOOKSERVER-KIND:group), and each category or label a contact is filed under (CATEGORIES, a CSV's Labels or Categories) once the book is read; picking or finding one prints each of its members. Without a query they are listed apart, under \"Groups\"; a query finds them by name among everyone. Ctrl-G on a group shows its members, to tick or untick one by one as the selection is reviewed: unticking a member of a group picked whole picks its other members in its stead, and a group some of whose members are picked shows [-].",
        "In mutt, Ctrl-T completes an address in the prompt and Q queries; aerc runs its command after each pause in typing.",
    ]

    /// What FILES says after the list: how picker's own files are written, and how picks count.
    static let files = [
        "The directories are made 0700 and used only when they are the user's alone; each file is written 0600 beside its place, then renamed, so a crash or a second picker never leaves half a file. A file that is damaged, of another version or not the user's is ignored with a warning; a record of picks of the first version (plain ids, unsalted hashes) is removed at once, and picks start afresh.",
        "Frecency: each pick with Enter adds 1 to the friend's score, and every score halves each 30 days, as Mozilla proposed for Firefox: two picks a month ago weigh as much as one today. With no query, \"Recent\" lists the highest-scoring friends above A, and equal matches are ranked by it. Cancelled runs and --filter record nothing.",
        "Standard input has no name to be known by, so it is known by a SHA-256 of its bytes: the same list piped in again lists its picks under \"Recent\" once it has been read to its end, and any other list (another command's output, or the same one grown by a line) starts with none. A pick made before the input has ended is not recorded.",
    ]

    /// What EXIT STATUS says before the list: when an error is told.
    static let exitStatus =
        "An error's message names the file or URL, and where in it. A closed standard output, a terminal given as --source -, or a bare word such as picker ada (which asks for -q ada or -f ada) is told before the screen opens; an error once it is open, on standard error after it has closed."

    /// What SAFETY says: names, and every message from a file or a server, are untrusted.
    static let safety = [
        "Nothing reaches the terminal raw: control characters (so every escape sequence), line and paragraph separators, bidirectional controls, invisible and tag characters are drawn as visible escapes (\\x1b, \\u202e), on the screen, on standard error and in output to a terminal. Output to a pipe or a file is the source's bytes in names and ids (a program that shows it on a terminal must make it safe, as with fzf), escaped in the other formats.",
        "The terminal is given back as it was on Enter, Esc, Ctrl-C and every signal that ends picker, and while Ctrl-Z suspends it; any size works, down to 1×1, columns aligned.",
        "Bad input is an error, never a crash: a message naming the source and where, exit 2, on standard error once the screen has closed; memory stays bounded by what is kept. A Facebook export's .zip is read in place, no program run and nothing unpacked; an encrypted one is refused at once, never asked a password for.",
        "Secrets are never shown: the session token, a device code, a client's id and each half of APP_ID|CLIENT_TOKEN are cut out of every message, however they are written (percent-encoded in part or whole, in any case, followed by a combining mark). The login's QR code opens only the site whose address it writes out, and its code is letters, digits and -.",
        "Nothing is followed or read without end: a file is opened once and judged by what it is (a device or a socket is refused, a FIFO is never waited on where picker expects a file, no symbolic link is followed inside an export or picker's own folders, which must be the user's alone), and every source is read as it comes, up to the limits SOURCES states.",
    ]

    /// What COMMANDS says of the login's screen, after its summary.
    static let loginScreen =
        "The code is spelled out in groups for reading aloud (W D J B  -  M J H T), and the QR code holds the address with the code filled in (--no-qr for none). The token endpoint is asked at the interval the service gives. An expired or rejected session makes picker say to run picker login (exit 3)."

    /// EXAMPLES: each with the lines to type.
    static let examples: [(meaning: String, lines: [String])] = [
        ("Pick from an address book; Enter prints the names:", ["picker --source ~/contacts.vcf"]),
        (
            "Names that survive any character, through xargs:",
            ["picker --print0 | xargs -0 -I{} echo \"invite {}\"", "find . -print0 | picker --read0 --print0"]
        ),
        ("One friend, in 12 lines below the prompt:", ["friend=$(picker --height 12 --limit 1)"]),
        ("Toggle every friend shown with Ctrl-T, in every run:", ["PICKER_DEFAULT_OPTS=\"--bind ctrl-t:toggle-all\""]),
        (
            "Fill To, Cc or Bcc by the key that ended the pick:",
            [
                "picker --source book.vcf --format address --expect ctrl-c,ctrl-b | {",
                "  read -r key; case $key in ctrl-c) hdr=Cc ;; ctrl-b) hdr=Bcc ;; *) hdr=To ;; esac",
                "  while read -r who; do echo \"$hdr: $who\"; done; }",
            ]
        ),
        ("Recipients for a header:", ["picker --source ~/contacts.vcf --format address | paste -sd,"]),
        ("Addresses in the source's order, newest first:", ["notmuch address --sort=newest-first | picker --no-sort"]),
        (
            "Show the names abook lists, print their addresses:",
            ["abook --mutt-query '' | picker -d '\\t' --with-nth 2 --accept-nth 1"]
        ),
        ("Names in the colours they come with:", ["ls --color=always | picker --ansi"]),
        (
            "A CardDAV account, then its cards as last synced, for aerc, without asking the server:",
            [
                "picker --source carddavs://ann@dav.example.org/ --password-command 'pass show dav'",
                "picker --source carddavs://ann@dav.example.org/ --offline --filter %s --format aerc",
            ]
        ),
        (
            "Several address books as one list:",
            ["picker --source ~/contacts/home --source work.vcf"]
        ),
    ]
}
