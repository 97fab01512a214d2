import Foundation
import Testing

@testable import LakesApp

/// The checks of what a reader types (an address in Add a Lake, an email in the sighting
/// form) read it scalar by scalar. They must take and refuse what the regular expressions
/// they replace did; those expressions are the oracle here, over many generated inputs.
struct TypedTextChecksTests {
    /// Pieces of typed text: the characters the checks care about, letters and digits of
    /// other scripts, combining marks that join the character before them, a mark that
    /// joins the one after it (U+0600), and whitespace.
    static let pieces = [
        "a", "Z", "0", "9", "+", "-", ".", ":", "/", "@", "_", "é", "\u{0301}", "１", "٣", "e\u{0301}", " ", "\n",
        "x", "h", "t", "p", "s", "#", "?", "[", "]", "ß", "ǅ", "ⅷ", "\u{200B}", "\u{0600}",
    ]
    static let seeds = [
        "https://en.wikipedia.org/wiki/Lake_Geneva", "localhost:8080/lake", "reader@example.org", "mailto:x",
        "example.org:80", "ab-c@d-e.f-g.h", "en.wikipedia.org/wiki/Lake_Baikal",
    ]

    /// `count` inputs from a fixed seed: pieces strung together, and the seeds with pieces
    /// put in and taken out.
    static func inputs(_ count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { index in
            guard index % 3 == 0 else { return (0..<next(11)).map { _ in pieces[next(pieces.count)] }.joined() }
            var scalars = Array(seeds[next(seeds.count)].unicodeScalars)
            for _ in 0..<next(4) {
                let at = next(scalars.count + 1)
                if next(2) == 0 || scalars.isEmpty {
                    scalars.insert(contentsOf: pieces[next(pieces.count)].unicodeScalars, at: at)
                } else {
                    scalars.remove(at: min(at, scalars.count - 1))
                }
            }
            return String(String.UnicodeScalarView(scalars))
        }
    }

    @Test func addressesAreReadAsTheRegularExpressionsReadThem() {
        for typed in Self.inputs(20_000) where !typed.contains(where: \.isWhitespace) {
            // LakeAddress.parse refuses whitespace before it looks for a scheme or a port.
            let scheme = typed.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil
            let hostAndPort = typed.range(of: "^[^/:]+:[0-9]+(/|$)", options: .regularExpression) != nil
            #expect(LakeAddress.hasScheme(typed) == scheme, "\(typed.debugDescription)")
            #expect(LakeAddress.isHostAndPort(typed) == hostAndPort, "\(typed.debugDescription)")
        }
    }

    @Test func emailsAreReadAsTheRegularExpressionReadThem() {
        let pattern =
            #"^[^@\s]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$"#
        for text in Self.inputs(20_000) {
            let email =
                text.count <= 254 && !text.contains(where: \.isWhitespace)
                && text.range(of: pattern, options: .regularExpression) != nil
            #expect(SightingStore.isEmail(text) == email, "\(text.debugDescription)")
        }
    }

    @Test func theChecksTakeAndRefuseTheUsualCases() {
        #expect(LakeAddress.hasScheme("https://example.org"))
        #expect(LakeAddress.hasScheme("mailto:reader@example.org"))
        #expect(!LakeAddress.hasScheme("example.org/a:b"))
        #expect(LakeAddress.isHostAndPort("localhost:8080"))
        #expect(LakeAddress.isHostAndPort("example.org:80/lake"))
        #expect(!LakeAddress.isHostAndPort("example.org:80x"))
        #expect(SightingStore.isEmail("reader@lakes.example.org"))
        #expect(!SightingStore.isEmail("reader@-lakes.org"))
        #expect(!SightingStore.isEmail("reader@lakes"))
        #expect(!SightingStore.isEmail("a@b@c.org"))
        // U+0600 joins the space after it into one Character, which is not whitespace.
        #expect(!SightingStore.isEmail("\u{0600} reader@lakes.org"))
    }
}
