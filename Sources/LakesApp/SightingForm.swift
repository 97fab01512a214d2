import Foundation
import WebKitGTK

/// The native side of the bundled "Log a sighting" page (`lakes://articles/sighting`).
///
/// The page posts `{action: "save", sighting: {...}}` or `{action: "list"}` to the
/// `sighting` handler, which only `lakes:` pages may reach. A saved sighting is stored,
/// then shown in the page through `callJavaScript`; a refused one rejects the page's
/// promise with a message for the person.
@MainActor
enum SightingForm {
    static let url = URL(string: "lakes://articles/sighting")!

    static func install(
        in content: WKUserContentController, store: SightingStore, catalog: ArticleCatalog,
        page: @escaping () -> WebPage?
    ) {
        let lakes = Set(catalog.articles.map(\.slug))
        content.addScriptMessageHandlerWithReply(name: "sighting", allowedOrigins: ["lakes:"]) { message in
            let body = message.body as? [String: Any]
            switch body?["action"] as? String {
            case "list":
                return try store.all().map(json)
            case "save":
                let fields = body?["sighting"] as? [String: Any] ?? [:]
                let saved = try store.save(fields: fields, lakes: lakes)
                try await page()?.callJavaScript(
                    "window.lakesSightings?.added(sighting)", arguments: ["sighting": json(saved)])
                return ["saved": true]
            default:
                throw SightingStore.Refusal(field: nil, description: "Unknown request.")
            }
        }
    }

    private static func json(_ sighting: Sighting) -> [String: Any] {
        [
            "name": sighting.name, "email": sighting.email, "lake": sighting.lake, "note": sighting.note,
            "date": sighting.date,
        ]
    }
}
