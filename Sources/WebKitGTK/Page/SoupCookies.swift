internal import CWebKitGTK
import Foundation
import GLibBridge

/// Turns cookies between Foundation's `HTTPCookie` and libsoup's `SoupCookie`, the type
/// WebKitGTK's cookie manager speaks.
///
/// Both spell a domain cookie with a leading dot (`.example.com`) and a host-only cookie
/// without one, so domains pass through as they are. A cookie without an expiry date is a
/// session cookie in both. Foundation on Linux has no `sameSitePolicy`: a cookie read from
/// the engine carries its SameSite policy under the `SameSite` property only where
/// Foundation keeps it, and a cookie set without one is sent cross-site, as Safari treats a
/// cookie without the attribute.
enum SoupCookies {
    /// The property key Apple's `HTTPCookiePropertyKey.sameSitePolicy` has.
    static let sameSiteKey = HTTPCookiePropertyKey("SameSite")
    /// The property key Foundation reads `isHTTPOnly` from.
    static let httpOnlyKey = HTTPCookiePropertyKey("HttpOnly")

    /// A new `SoupCookie` with the fields of `cookie`; free it with `soup_cookie_free`.
    static func make(from cookie: HTTPCookie) -> OpaquePointer {
        // -1: no Max-Age, a session cookie unless an expiry date follows.
        let soup = soup_cookie_new(cookie.name, cookie.value, cookie.domain, cookie.path, -1)!
        if let expires = cookie.expiresDate {
            let time = g_date_time_new_from_unix_utc(gint64(expires.timeIntervalSince1970.rounded(.down)))
            soup_cookie_set_expires(soup, time)
            g_date_time_unref(time)
        }
        soup_cookie_set_secure(soup, cookie.isSecure ? 1 : 0)
        soup_cookie_set_http_only(soup, cookie.isHTTPOnly ? 1 : 0)
        let sameSite = (cookie.properties?[sameSiteKey] as? String)?.lowercased()
        soup_cookie_set_same_site_policy(
            soup,
            sameSite == "strict"
                ? SOUP_SAME_SITE_POLICY_STRICT
                : sameSite == "lax" ? SOUP_SAME_SITE_POLICY_LAX : SOUP_SAME_SITE_POLICY_NONE)
        return soup
    }

    /// The `HTTPCookie` with the fields of `soup`, or nil when Foundation refuses them.
    static func cookie(from soup: OpaquePointer) -> HTTPCookie? {
        let raw = soup
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: String(cString: soup_cookie_get_name(raw)),
            .value: String(cString: soup_cookie_get_value(raw)),
            .domain: String(cString: soup_cookie_get_domain(raw)),
            .path: String(optionalCString: soup_cookie_get_path(raw)) ?? "/",
        ]
        if let expires = soup_cookie_get_expires(raw) {
            properties[.expires] = Date(timeIntervalSince1970: TimeInterval(g_date_time_to_unix(expires)))
        }
        if soup_cookie_get_secure(raw) != 0 { properties[.secure] = "TRUE" }
        if soup_cookie_get_http_only(raw) != 0 { properties[httpOnlyKey] = "TRUE" }
        switch soup_cookie_get_same_site_policy(raw) {
        case SOUP_SAME_SITE_POLICY_STRICT: properties[sameSiteKey] = "strict"
        case SOUP_SAME_SITE_POLICY_LAX: properties[sameSiteKey] = "lax"
        default: break
        }
        return HTTPCookie(properties: properties)
    }
}
