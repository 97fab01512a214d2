/// Strings that JavaScript hands to Swift (a call's result, a message's body), each as a
/// JavaScript expression and as the Swift string it must arrive as. The library reads a
/// short string's text and a long one's in two ways, so there are some of each, with
/// escapes, a surrogate pair and lone surrogates, which Swift holds as U+FFFD.
enum StringSamples {
    static let samples: [(javaScript: String, swift: String)] = [
        (
            #"'quote " backslash \\ newline \n tab \t text \\ud800 pair \ud83d\ude00'"#,
            "quote \" backslash \\ newline \n tab \t text \\ud800 pair \u{1F600}"
        ),
        (#"'x\ud800y'"#, "x\u{FFFD}y"),
        (#"'\udc00' + 'é'.repeat(200)"#, "\u{FFFD}" + String(repeating: "é", count: 200)),
        (#"'z'.repeat(300) + '\udc00tail'"#, String(repeating: "z", count: 300) + "\u{FFFD}tail"),
        (#"'w'.repeat(300) + '\\ud800 \ud83d\ude00 \n'"#, String(repeating: "w", count: 300) + "\\ud800 \u{1F600} \n"),
    ]

    /// The JavaScript of an array of every sample.
    static var javaScriptArray: String { "[" + samples.map(\.javaScript).joined(separator: ", ") + "]" }
}
