import Foundation
import GLibBridge

/// The settings a ``WKWebView`` is made with: Apple's `WKWebViewConfiguration`.
///
///     let configuration = WKWebViewConfiguration()
///     configuration.userContentController.add(handler, name: "lakes")
///     configuration.setURLSchemeHandler(ArticleHandler(), forURLScheme: "lakes")
///     let webView = WKWebView(frame: .zero, configuration: configuration)
///
/// A web view copies its configuration when it is made: changing the configuration later
/// changes no web view, and ``WKWebView/configuration`` returns a copy again. The copy is
/// shallow, as Apple's is: the user content controller, the data store, the preferences
/// and the scheme handlers are the same objects in both.
///
/// The settings become those of a ``WebPage/Configuration``, so a `WKWebView` behaves as a
/// `WebPage` made with the same settings.
@MainActor
open class WKWebViewConfiguration: NSObject, NSCopying {
    /// Scripts, style sheets, content rules and script message handlers. Default: a new,
    /// empty controller.
    public var userContentController = WKUserContentController()

    /// Where the web view keeps cookies, caches and other website data. Default:
    /// ``WKWebsiteDataStore/default()``.
    public var websiteDataStore = WKWebsiteDataStore.default()

    /// The web view's preferences. Default: a new ``WKPreferences``.
    public var preferences = WKPreferences()

    /// The preferences each navigation starts from; a navigation delegate may change them
    /// for one navigation. Default: a new ``WKWebpagePreferences``.
    public var defaultWebpagePreferences = WKWebpagePreferences()

    /// A name and version added to the end of the user agent, such as `"Lakes/1.0"`.
    /// Default: nil, none.
    public var applicationNameForUserAgent: String?

    /// The media that plays only after a person's gesture. Default: `.all`, as on iOS.
    /// WebKitGTK has one setting for all media, so any type here asks for the gesture
    /// for all of them (`media-playback-requires-user-gesture`).
    public var mediaTypesRequiringUserActionForPlayback: WKAudiovisualMediaTypes = .all

    /// Whether the web view shows a page only once it has loaded, instead of as it comes.
    /// Default: false.
    public var suppressesIncrementalRendering = false

    /// Whether navigations to hosts known to support HTTPS are upgraded to it. Default: true.
    public var upgradeKnownHostsToHTTPS = true

    /// Whether a page's scripts may report `navigator.webdriver` and be driven by a
    /// WebDriver client. Default: false. An addition of this library.
    public var isControlledByAutomation = false

    private var schemeHandlers: [String: any WKURLSchemeHandler] = [:]

    /// A configuration with every setting at its default.
    public override init() {
        super.init()
    }

    /// Registers an object that answers the requests of a URL scheme.
    ///
    ///     configuration.setURLSchemeHandler(ArticleHandler(), forURLScheme: "lakes")
    ///
    /// A scheme WebKit handles itself (`http`, `https`, `file`, `data`, `about`, `blob`,
    /// `javascript`, `ws`, `wss` and the like) cannot be taken over: Apple's WebKit raises an
    /// exception; this logs the refusal and keeps the configuration as it was. See
    /// ``WKWebView/handlesURLScheme(_:)``. Scheme names are compared without case.
    ///
    /// - Parameters:
    ///   - urlSchemeHandler: The handler, or nil to remove the scheme's handler.
    ///   - urlScheme: The scheme's name, such as `"lakes"`.
    public func setURLSchemeHandler(_ urlSchemeHandler: (any WKURLSchemeHandler)?, forURLScheme urlScheme: String) {
        guard URLScheme(urlScheme) != nil else {
            Log.library.warning(
                "setURLSchemeHandler(_:forURLScheme:): '\(urlScheme)' is a scheme WebKit handles itself, "
                    + "or not a valid scheme name; the handler is not registered")
            return
        }
        schemeHandlers[urlScheme.lowercased()] = urlSchemeHandler
    }

    /// The handler registered for a URL scheme, if any.
    ///
    /// - Parameter urlScheme: The scheme's name, in any case.
    public func urlSchemeHandler(forURLScheme urlScheme: String) -> (any WKURLSchemeHandler)? {
        schemeHandlers[urlScheme.lowercased()]
    }

    /// A shallow copy: the same controller, store, preferences and handlers, as Apple's.
    /// Call it on the main actor.
    nonisolated public func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { makeCopy() }
    }

    private func makeCopy() -> WKWebViewConfiguration {
        let copy = WKWebViewConfiguration()
        copy.userContentController = userContentController
        copy.websiteDataStore = websiteDataStore
        copy.preferences = preferences
        copy.defaultWebpagePreferences = defaultWebpagePreferences
        copy.applicationNameForUserAgent = applicationNameForUserAgent
        copy.mediaTypesRequiringUserActionForPlayback = mediaTypesRequiringUserActionForPlayback
        copy.suppressesIncrementalRendering = suppressesIncrementalRendering
        copy.upgradeKnownHostsToHTTPS = upgradeKnownHostsToHTTPS
        copy.isControlledByAutomation = isControlledByAutomation
        copy.schemeHandlers = schemeHandlers
        return copy
    }

    /// The registered scheme handlers by scheme name.
    var urlSchemeHandlers: [String: any WKURLSchemeHandler] { schemeHandlers }
}

/// The kinds of media that can require a person's gesture before they play: Apple's
/// `WKAudiovisualMediaTypes`.
public struct WKAudiovisualMediaTypes: OptionSet, Sendable, Hashable {
    /// The set's bits.
    public let rawValue: UInt
    /// Creates a set from its raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Audio.
    public static let audio = WKAudiovisualMediaTypes(rawValue: 1 << 0)
    /// Video.
    public static let video = WKAudiovisualMediaTypes(rawValue: 1 << 1)
    /// Audio and video.
    public static let all: WKAudiovisualMediaTypes = [.audio, .video]
}
