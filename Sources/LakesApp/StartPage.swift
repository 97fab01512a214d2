import Foundation

/// The page Lakes shows when it has no article to open: its bundled content is missing or
/// broken. It says what is wrong.
enum StartPage {
    static func html(problem: String?) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        let message = escaped(problem ?? localized("There are no articles to show."))
        let heading = escaped(localized("No articles"))
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="color-scheme" content="light dark">
            <title>Lakes</title>
            <style>
              :root { color-scheme: light dark; --ink: #1d2b36; --paper: #f7f9fa; --water: #2a6f97; }
              @media (prefers-color-scheme: dark) { :root { --ink: #dde6ec; --paper: #141b21; --water: #7fb8d9; } }
              body { margin: 0; background: var(--paper); color: var(--ink);
                     font: 17px/1.6 Cantarell, "Noto Sans", "DejaVu Sans", sans-serif; }
              main { max-width: 38rem; margin: 12vh auto; padding: 0 1.5rem; }
              h1 { font-size: 2rem; margin: 0 0 .5rem; color: var(--water); }
            </style>
            </head>
            <body>
            <main>
              <h1>\(heading)</h1>
              <p>\(message)</p>
            </main>
            </body>
            </html>
            """
    }
}
