/// A URL's text cut at its scheme and authority, without parsing the rest.
///
/// `URLComponents` runs a host through IDNA, which loads ICU's data into the process; the
/// library's own reading of URLs (the navigation key, the HTTPS upgrade) only needs to
/// find these parts in text that a `URL` or WebKit has already encoded.
struct URLText {
    /// The scheme, as written (before the first `:`).
    let scheme: Substring
    /// What follows `//` up to the first `/`, `?` or `#`; nil when no `//` follows the
    /// scheme's colon.
    let authority: Substring?
    /// What follows the authority, or the scheme's colon when there is none.
    let rest: Substring

    /// Cuts `text`; nil when it does not start with a scheme's name and a colon.
    init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), URLScheme.isName(text[..<colon].unicodeScalars) else {
            return nil
        }
        scheme = text[..<colon]
        let afterColon = text[text.index(after: colon)...]
        guard afterColon.hasPrefix("//") else {
            authority = nil
            rest = afterColon
            return
        }
        let authority = afterColon.dropFirst(2).prefix { !"/?#".contains($0) }
        self.authority = authority
        rest = text[authority.endIndex...]
    }
}
