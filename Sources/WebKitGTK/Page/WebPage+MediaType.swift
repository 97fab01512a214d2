import Foundation

extension WebPage {
    /// A CSS media type as defined by the [CSS specification](https://www.w3.org/TR/mediaqueries-4/#media-types),
    /// or an arbitrary media type value.
    public struct CSSMediaType: Hashable, RawRepresentable, Sendable {
        /// Corresponds to the "all" media type.
        public static let all = CSSMediaType(rawValue: "all")

        /// Corresponds to the "screen" media type.
        public static let screen = CSSMediaType(rawValue: "screen")

        /// Corresponds to the "print" media type.
        public static let print = CSSMediaType(rawValue: "print")

        /// Creates a media type with an arbitrary value. Use the static properties for the
        /// canonical CSS media types.
        ///
        /// - Parameter rawValue: The raw value of the media type.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The raw value of the media type.
        public let rawValue: String
    }

    /// The media type the page's style sheets are matched against, or nil for the content's
    /// own (the screen). Default: nil. Observable.
    ///
    ///     page.mediaType = .print  // `@media print` rules apply, `@media screen` ones do not
    ///
    /// WebKitGTK has no call to emulate a media type, so the page's style is rewritten: in
    /// the main frame's document, now and in every document loaded later, each readable
    /// style sheet's media (`<link media>`, `<style media>`, `@import`) and `@media` rule
    /// is matched against this type, from an isolated world, and
    /// `matchMedia` in the page's world answers as if its type were this one. What this
    /// cannot reach keeps the screen type: style sheets of other origins that WebKit does
    /// not let the page read, frames, and closed shadow roots. A query returned by
    /// `matchMedia` reports the rewritten text as its `media`. An empty value is the
    /// content's own type, as nil is.
    public var mediaType: CSSMediaType? {
        get {
            access(keyPath: \.mediaType)
            return media.typeOverride
        }
        set {
            if media.typeOverride != newValue {
                withMutation(keyPath: \.mediaType) { media.typeOverride = newValue }
            } else {
                media.typeOverride = newValue
            }
            let type = newValue.map { $0.rawValue.trimmingCharacters(in: .whitespaces).lowercased() }
            let emulated = type?.isEmpty == false ? type : nil
            let typeJSON = Self.javaScriptString(emulated)
            userContent.setOwnScript(
                "mediaType", source: emulated.map { _ in "(\(Self.styleSheetEmulation))(\(typeJSON));" },
                world: Self.mediaTypeWorld)
            userContent.setOwnScript(
                "mediaType.matchMedia", source: emulated.map { _ in "(\(Self.matchMediaEmulation))(\(typeJSON));" },
                world: .page)
            guard !isClosed else { return }
            Task { @MainActor [weak self] in
                _ = try? await self?.callJavaScript(
                    "(\(Self.styleSheetEmulation))(\(typeJSON));", contentWorld: Self.mediaTypeWorld)
                _ = try? await self?.callJavaScript("(\(Self.matchMediaEmulation))(\(typeJSON));")
            }
        }
    }

    /// The isolated world that rewrites the page's style sheets.
    static let mediaTypeWorld = WKContentWorld.world(name: "WebKitGTKSwift.mediaType")

    private static func javaScriptString(_ text: String?) -> String {
        guard let text, let data = try? JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed) else {
            return "null"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `rewriteMedia(text, type)`: a media query list with each query matched against
    /// `type` by its media type alone; what a query asks of the features (`width`,
    /// `color` …) is kept for the engine to answer.
    private static let rewriteMediaSource = """
        (text, type) => {
            const rewriteQuery = (query) => {
                const match = /^\\s*(?:(only|not)\\s+)?([a-z][\\w-]*)((?:\\s+and\\s+[\\s\\S]*)?)\\s*$/i.exec(query);
                if (!match || /^(and|or|not|only)$/i.test(match[2])) return query;
                const name = match[2].toLowerCase();
                const matches = name === 'all' || name === type;
                if (match[1] && match[1].toLowerCase() === 'not') return matches ? 'not all' + match[3] : 'all';
                return matches ? 'all' + match[3] : 'not all';
            };
            const queries = [];
            let depth = 0, start = 0;
            for (let index = 0; index < text.length; index++) {
                if (text[index] === '(') depth++;
                else if (text[index] === ')') depth--;
                else if (text[index] === ',' && depth === 0) { queries.push(text.slice(start, index)); start = index + 1; }
            }
            queries.push(text.slice(start));
            return text.trim() === '' ? text : queries.map(rewriteQuery).join(', ');
        }
        """

    /// Applies `type` (null: restores) to the document's style sheets, and follows style
    /// sheets added later while a type is set.
    private static let styleSheetEmulation = """
        (type) => {
            const rewriteMedia = \(rewriteMediaSource);
            const state = globalThis.__webkitGTKSwiftMediaType ??= { originals: new Map(), observer: null };
            const rewrite = (list) => {
                if (!list) return;
                if (!state.originals.has(list)) state.originals.set(list, list.mediaText);
                const text = rewriteMedia(state.originals.get(list), state.type);
                if (list.mediaText !== text) list.mediaText = text;
            };
            const visitRules = (rules) => {
                for (const rule of rules) {
                    if (rule.media && (rule instanceof CSSMediaRule || rule instanceof CSSImportRule)) rewrite(rule.media);
                    if (rule instanceof CSSImportRule && rule.styleSheet) visitSheet(rule.styleSheet);
                    if (rule.cssRules) visitRules(rule.cssRules);
                }
            };
            const visitSheet = (sheet) => {
                rewrite(sheet.media);
                let rules = null;
                try { rules = sheet.cssRules; } catch {}
                if (rules) visitRules(rules);
            };
            const visitRoot = (root) => {
                for (const sheet of root.styleSheets) visitSheet(sheet);
                for (const sheet of root.adoptedStyleSheets || []) visitSheet(sheet);
                for (const element of root.querySelectorAll('*')) if (element.shadowRoot) visitRoot(element.shadowRoot);
            };
            const scan = () => { if (state.type !== null) visitRoot(document); };
            state.type = type;
            if (type === null) {
                for (const [list, original] of state.originals) if (list.mediaText !== original) list.mediaText = original;
                state.originals.clear();
                state.observer?.disconnect();
                state.observer = null;
                return;
            }
            scan();
            if (state.observer) return;
            const isStyle = (node) => node.nodeName === 'STYLE' || node.nodeName === 'LINK'
                || node.parentNode?.nodeName === 'STYLE' || (node.querySelector && node.querySelector('style, link'));
            state.observer = new MutationObserver((records) => {
                if (records.some(r => isStyle(r.target) || [...r.addedNodes].some(isStyle))) scan();
            });
            state.observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true,
                                               attributeFilter: ['media', 'href', 'rel'] });
            if (!state.listening) {
                state.listening = true;
                document.addEventListener('load', (event) => {
                    if (event.target.nodeName === 'LINK') scan();
                }, true);
            }
        }
        """

    /// In the page's world: makes `matchMedia` match queries against `type` (null: restores
    /// the original function).
    private static let matchMediaEmulation = """
        (type) => {
            const key = Symbol.for('webkitGTKSwift.mediaType');
            const current = window.matchMedia;
            const installed = current && current[key];
            if (type === null) {
                if (installed) window.matchMedia = installed.original;
                return;
            }
            if (installed) { installed.type = type; return; }
            const rewriteMedia = \(rewriteMediaSource);
            const state = { original: current, type };
            const matchMedia = function matchMedia(query) {
                return state.original.call(this, rewriteMedia(String(query), state.type));
            };
            Object.defineProperty(matchMedia, key, { value: state });
            window.matchMedia = matchMedia;
        }
        """
}
