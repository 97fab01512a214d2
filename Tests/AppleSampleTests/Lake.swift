// The Lakes sample as Apple's documentation and "Meet WebKit for SwiftUI" write it.
// Only the import differs: on Apple's platforms it is `import WebKit` (and SwiftUI).

import Foundation
import WebKitGTK

/// A lake article of the sample, with the HTML its scheme serves.
struct Lake: Identifiable, Hashable {
    let id: String
    let name: String

    var url: URL { URL(string: "lakes://lakes/\(id)")! }

    static let all = [
        Lake(id: "tahoe", name: "Lake Tahoe"),
        Lake(id: "baikal", name: "Lake Baikal"),
    ]

    /// The article: a title, sections with headings, and one link off the site.
    var html: String {
        let sections = ["Geography", "History", "Ecology", "Recreation"].map { heading in
            """
            <h2 id="\(heading.lowercased())">\(heading)</h2>
            <p style="height: 900px">\(name): \(heading.lowercased()).</p>
            """
        }
        return """
            <!doctype html><html><head><title>\(name)</title></head>
            <body style="margin: 0"><h1>\(name)</h1>
            <a id="external" href="https://en.wikipedia.org/wiki/\(id)">Read more</a>
            \(sections.joined(separator: "\n"))
            </body></html>
            """
    }
}
