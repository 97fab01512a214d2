/// Strings that JavaScript hands to Swift (a call's result, a message's body), each as a
/// JavaScript expression and as the Swift string it must arrive as. JavaScriptCore's text of
/// a string ends at a lone surrogate, so there are lone surrogates at the start, within and
/// at the end of short and long strings, which Swift holds as U+FFFD, beside escapes and a
/// surrogate pair, which cross as they are.
enum StringSamples {
    static let samples: [(javaScript: String, swift: String)] = [
        (
            #"'quote " backslash \\ newline \n tab \t text \\ud800 pair \ud83d\ude00'"#,
            "quote \" backslash \\ newline \n tab \t text \\ud800 pair \u{1F600}"
        ),
        (#"'x\ud800y'"#, "x\u{FFFD}y"),
        (#"'end\ud800'"#, "end\u{FFFD}"),
        (#"'\udc00' + 'é'.repeat(200)"#, "\u{FFFD}" + String(repeating: "é", count: 200)),
        (#"'z'.repeat(300) + '\udc00tail'"#, String(repeating: "z", count: 300) + "\u{FFFD}tail"),
        (#"'w'.repeat(300) + '\\ud800 \ud83d\ude00 \n'"#, String(repeating: "w", count: 300) + "\\ud800 \u{1F600} \n"),
    ]

    /// The JavaScript of an array of every sample.
    static var javaScriptArray: String { "[" + samples.map(\.javaScript).joined(separator: ", ") + "]" }
}
