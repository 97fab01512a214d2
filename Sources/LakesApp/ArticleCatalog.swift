import Foundation
import WebKitGTK

/// One bundled article, as `data/articles/articles.json` lists it.
package struct Article: Codable, Equatable, Sendable, Identifiable {
    /// The article's name in URLs and files: `tahoe` is `lakes://articles/tahoe`.
    package var slug: String
    package var title: String
    package var summary: String
    /// The countries (or regions) the lake lies in.
    package var location: String

    package var id: String { slug }

    /// Where Lakes loads the article from.
    package var url: URL { URL(string: "\(ArticleCatalog.scheme)://articles/\(slug)")! }
}

/// The bundled articles, in reading order.
package struct ArticleCatalog: Equatable, Sendable {
    /// The scheme the bundled content is served from.
    package static let scheme = "lakes"

    package var articles: [Article]

    /// The policy every bundled page is served with: its own files only, no inline script,
    /// no `javascript:` URLs, no plug-ins, no `<base>` that could redirect its links.
    package static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"

    /// The handler that serves the bundled content folder under ``scheme``.
    package static func handler(for contentDirectory: URL) -> DirectoryURLSchemeHandler {
        var handler = DirectoryURLSchemeHandler(root: contentDirectory)
        handler.responseHeaders["Content-Security-Policy"] = contentSecurityPolicy
        return handler
    }

    /// A catalog problem, said plainly.
    package struct LoadError: Error, CustomStringConvertible, Equatable {
        package let description: String
    }

    package init(articles: [Article]) {
        self.articles = articles
    }

    /// Reads `articles/articles.json` under the content folder.
    package init(contentDirectory: URL) throws(LoadError) {
        let file = contentDirectory.appendingPathComponent("articles/articles.json")
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw LoadError(description: "cannot read \(file.path): \(error.localizedDescription)")
        }
        try self.init(json: data)
    }

    /// Reads a catalog from its JSON: an array of objects with slug, title, summary, location.
    package init(json: Data) throws(LoadError) {
        let articles: [Article]
        do {
            articles = try JSONDecoder().decode([Article].self, from: json)
        } catch {
            throw LoadError(description: "the article list is not valid: \(error)")
        }
        var seen = Set<String>()
        for article in articles {
            guard Self.isSlug(article.slug) else {
                throw LoadError(
                    description: "the article slug \"\(article.slug)\" is not lowercase letters, digits and -")
            }
            guard seen.insert(article.slug).inserted else {
                throw LoadError(description: "the article slug \"\(article.slug)\" is listed twice")
            }
        }
        self.articles = articles
    }

    /// Whether `slug` is one or more lowercase ASCII letters, digits and hyphens (checked
    /// without a regular expression, whose engine costs start-up a few milliseconds).
    static func isSlug(_ slug: String) -> Bool {
        !slug.isEmpty && slug.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    /// The article a URL shows, if it is a bundled one (`lakes://articles/<slug>`, with or
    /// without `.html` or a fragment).
    package func article(for url: URL?) -> Article? {
        guard let url, url.scheme == Self.scheme, url.host() == "articles" else { return nil }
        var slug = url.lastPathComponent
        if slug.hasSuffix(".html") { slug.removeLast(5) }
        return article(slug: slug)
    }

    /// The article with `slug`, if the catalog has it.
    package func article(slug: String) -> Article? {
        articles.first { $0.slug == slug }
    }
}

/// Where Lakes' bundled content (the `data` folder) is.
package enum ContentLocation {
    /// The content folder: `$LAKES_DATA_DIR`, else `<prefix>/share/lakes` beside an
    /// installed binary, else the source tree's `data/` above a development build.
    ///
    /// - Parameters:
    ///   - environment: The process environment. Default: this process's.
    ///   - executable: The running binary. Default: this process's.
    package static func find(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "lakes")
    ) -> URL? {
        let catalog = "articles/articles.json"
        func holdsContent(_ folder: URL) -> Bool {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(catalog).path)
        }
        if let configured = environment["LAKES_DATA_DIR"], !configured.isEmpty {
            let folder = URL(fileURLWithPath: configured)
            return holdsContent(folder) ? folder : nil
        }
        let binary = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = binary.deletingLastPathComponent().appendingPathComponent("share/lakes")
        if holdsContent(installed) { return installed.standardizedFileURL }
        var folder = binary
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("data")
            if holdsContent(candidate) { return candidate.standardizedFileURL }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
