internal import CWebKitGTK
import Foundation

/// Whether a page's media plays: Apple's `WKMediaPlaybackState`, as
/// ``WebPage/mediaPlaybackState()`` reports it.
public enum WKMediaPlaybackState: Int, Hashable, Sendable {
    /// There is no media to play back.
    case none = 0
    /// The media is playing.
    case playing = 1
    /// The media playback is paused.
    case paused = 2
    /// The media is not playing, and cannot be resumed until the suspension is lifted
    /// (``WebPage/setAllMediaPlaybackSuspended(_:)``).
    case suspended = 3
}

extension WebPage {
    /// The isolated world in which the page's media and fullscreen are handled.
    static let mediaWorld = WKContentWorld.world(name: "WebKitGTKSwift.media")

    /// How the page plays and styles its media: the suspension of its playback, and the
    /// CSS media type it emulates (see `WebPage+MediaType.swift`).
    struct MediaState {
        /// Whether ``WebPage/setAllMediaPlaybackSuspended(_:)`` holds the page's media.
        var isPlaybackSuspended = false
        /// Whether the page was muted when its playback was suspended.
        var mutedBeforeSuspension = false
        /// The storage of ``WebPage/mediaType``.
        var typeOverride: CSSMediaType?
    }

    /// Pauses playback of all media in the page.
    ///
    /// WebKitGTK has no call for this: every `<audio>` and `<video>` of the main frame's
    /// document, of its open shadow roots and of its same-origin frames is paused from an
    /// isolated world. A closed page returns at once.
    public func pauseAllMediaPlayback() async {
        guard !isClosed else { return }
        let body = Self.mediaElementsSource + "for (const media of mediaElements()) if (!media.paused) media.pause();"
        _ = try? await callJavaScript(body, contentWorld: Self.mediaWorld)
    }

    /// Determines the playback status of media in the page.
    ///
    /// `.none` when the page has no media element and plays no audio, `.suspended` while
    /// ``setAllMediaPlaybackSuspended(_:)`` holds its media, `.playing` when an element
    /// plays or the page plays audio (WebKitGTK's `webkit_web_view_is_playing_audio`,
    /// which also sees media outside the document), `.paused` otherwise. Elements are
    /// looked for as ``pauseAllMediaPlayback()`` does.
    ///
    /// - Returns: The current state of media playback within the page.
    public func mediaPlaybackState() async -> WKMediaPlaybackState {
        guard !isClosed else { return .none }
        let body =
            Self.mediaElementsSource
            + "const all = mediaElements(); return [all.length, all.some(m => !m.paused && !m.ended)];"
        let found = try? await callJavaScript(body, contentWorld: Self.mediaWorld) as? [Any]
        let count = (found?.first as? NSNumber)?.intValue ?? 0
        let playing = (found?.last as? Bool ?? false) || webkit_web_view_is_playing_audio(webView) != 0
        if count == 0 && !playing { return .none }
        if media.isPlaybackSuspended { return .suspended }
        return playing ? .playing : .paused
    }

    /// Changes whether the page's media playback is suspended.
    ///
    /// While suspended, every playing element is paused and any element that starts to
    /// play (the page calling `play()`, `autoplay`) is paused at once, in this document
    /// and in those loaded later; the page is muted too, so media outside the document
    /// stays silent. Lifting the suspension plays again what the suspension paused, and
    /// unmutes the page unless it was muted before. WebKitGTK has no call for this: the
    /// suspension is a script in an isolated world (main frame only) that listens for
    /// `play`, with `webkit_web_view_set_is_muted`.
    ///
    /// - Parameter suspended: Whether the page should suspend media playback.
    public func setAllMediaPlaybackSuspended(_ suspended: Bool) async {
        guard !isClosed, suspended != media.isPlaybackSuspended else { return }
        media.isPlaybackSuspended = suspended
        let source = Self.suspensionSource(suspended: suspended)
        userContent.setOwnScript("mediaSuspension", source: suspended ? source : nil, world: Self.mediaWorld)
        if suspended {
            media.mutedBeforeSuspension = webkit_web_view_get_is_muted(webView) != 0
            webkit_web_view_set_is_muted(webView, 1)
        } else if !media.mutedBeforeSuspension {
            webkit_web_view_set_is_muted(webView, 0)
        }
        _ = try? await callJavaScript(Self.mediaElementsSource + source, contentWorld: Self.mediaWorld)
    }

    /// A function `mediaElements()` that finds the media elements of the document, its
    /// open shadow roots and its same-origin frames.
    static let mediaElementsSource = """
        const mediaElements = (root = document, found = []) => {
            for (const media of root.querySelectorAll('audio, video')) found.push(media);
            for (const element of root.querySelectorAll('*')) {
                if (element.shadowRoot) mediaElements(element.shadowRoot, found);
                if (element.tagName === 'IFRAME' || element.tagName === 'FRAME') {
                    try { if (element.contentDocument) mediaElements(element.contentDocument, found); } catch {}
                }
            }
            return found;
        };

        """

    /// Holds (or releases) the document's media; idempotent, so that it serves both as the
    /// user script of new documents and as the call for the current one.
    private static func suspensionSource(suspended: Bool) -> String {
        """
        (() => {
            const state = globalThis.__webkitGTKSwiftMediaSuspension ??= { suspended: false, held: new Set() };
            state.suspended = \(suspended);
            if (!state.listening) {
                state.listening = true;
                const hold = (event) => {
                    const media = event.target;
                    if (!state.suspended || !(media instanceof HTMLMediaElement)) return;
                    state.held.add(media);
                    media.pause();
                };
                addEventListener('play', hold, true);
                addEventListener('playing', hold, true);
            }
            if (state.suspended) {
                if (typeof mediaElements !== 'function') return;
                for (const media of mediaElements()) {
                    if (media.paused) continue;
                    state.held.add(media);
                    media.pause();
                }
            } else {
                const held = [...state.held];
                state.held.clear();
                for (const media of held) if (media.isConnected) media.play().catch(() => {});
            }
        })();
        """
    }
}
