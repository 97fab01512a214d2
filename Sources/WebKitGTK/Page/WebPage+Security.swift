internal import CWebKitGTK
import Foundation
import GLibBridge

extension WebPage {
    /// The certificate the server of the shown page presented, and what is wrong with it.
    ///
    /// This is the Linux form of Apple's `serverTrust` (a `SecTrust`, which Linux does not
    /// have): the certificate as GLib's TLS backend received it, and the problems WebKit
    /// found when it checked it against the system's trusted authorities.
    ///
    ///     if let trust = page.serverTrust, !trust.isTrusted {
    ///         print("\(trust.subjectName ?? "?"): \(trust.problems)")
    ///     }
    public struct ServerTrust: Hashable, Sendable {
        /// The certificate, DER-encoded X.509.
        public let certificateData: Data
        /// The certificate in PEM form (`-----BEGIN CERTIFICATE-----` …).
        public let certificatePEM: String
        /// The certificate's subject as GLib writes it (`CN=example.org,O=…`), if it has one.
        public let subjectName: String?
        /// The subject of the authority that issued it, written the same way.
        public let issuerName: String?
        /// When it becomes valid.
        public let notValidBefore: Date?
        /// When it stops being valid.
        public let notValidAfter: Date?
        /// The host names it is issued for (its subject alternative names).
        public let dnsNames: [String]
        /// What is wrong with it; empty when WebKit trusts it. A page shows despite
        /// problems only where the app made an exception for the certificate.
        public let problems: TLSCertificateError.Problems

        /// Whether nothing is wrong with the certificate.
        public var isTrusted: Bool { problems.isEmpty }

        /// Reads `certificate` (a `GTlsCertificate`, borrowed).
        init(certificate: UnsafeMutablePointer<GTlsCertificate>, flags: GTlsCertificateFlags) {
            let object = UnsafeMutablePointer<GObject>(OpaquePointer(certificate))
            var der = GValue()
            g_value_init(&der, g_byte_array_get_type())
            g_object_get_property(object, "certificate", &der)
            if let bytes = g_value_get_boxed(&der)?.assumingMemoryBound(to: GByteArray.self),
                let data = bytes.pointee.data
            {
                certificateData = Data(bytes: data, count: Int(bytes.pointee.len))
            } else {
                certificateData = Data()
            }
            g_value_unset(&der)
            var pem = GValue()
            g_value_init(&pem, cwk_type_string())
            g_object_get_property(object, "certificate-pem", &pem)
            certificatePEM = String(optionalCString: g_value_get_string(&pem)) ?? ""
            g_value_unset(&pem)
            subjectName = String(ownedCString: g_tls_certificate_get_subject_name(certificate))
            issuerName = String(ownedCString: g_tls_certificate_get_issuer_name(certificate))
            notValidBefore = Self.take(g_tls_certificate_get_not_valid_before(certificate))
            notValidAfter = Self.take(g_tls_certificate_get_not_valid_after(certificate))
            var names: [String] = []
            if let array = g_tls_certificate_get_dns_names(certificate) {
                for index in 0..<Int(array.pointee.len) {
                    guard let bytes = array.pointee.pdata[index].map({ OpaquePointer($0) }) else { continue }
                    var size = 0
                    guard let data = g_bytes_get_data(bytes, &size) else { continue }
                    names.append(String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self))
                }
                g_ptr_array_unref(array)
            }
            dnsNames = names
            problems = TLSCertificateError.Problems(rawValue: flags.rawValue)
        }

        private static func take(_ time: OpaquePointer?) -> Date? {
            guard let time else { return nil }
            defer { g_date_time_unref(time) }
            return Date(timeIntervalSince1970: TimeInterval(g_date_time_to_unix(time)))
        }
    }

    /// The certificate of the server of the shown page and what is wrong with it, or nil
    /// when the page did not come over TLS (`http:`, `file:`, custom schemes, and HTML
    /// loaded with `load(html:baseURL:)` whatever its base URL). Observable: it changes
    /// when a navigation commits.
    ///
    /// A page whose certificate has problems shows only where the app trusted it anyway;
    /// otherwise the navigation failed with a ``TLSCertificateError``. WebKitGTK's
    /// `webkit_web_view_get_tls_info`.
    public var serverTrust: ServerTrust? {
        access(keyPath: \.serverTrust)
        var certificate: UnsafeMutablePointer<GTlsCertificate>?
        var flags = GTlsCertificateFlags(0)
        guard webkit_web_view_get_tls_info(webView, &certificate, &flags) != 0, let certificate else { return nil }
        return ServerTrust(certificate: certificate, flags: flags)
    }

    /// Whether the page loaded all its resources through securely encrypted connections.
    /// Observable.
    ///
    /// True when the shown document came over TLS (`https:`, see ``serverTrust``) and no
    /// resource of it has come over plain `http:` since; an encrypted connection counts
    /// whatever the problems of its certificate, as on Apple's platforms. WebKitGTK blocks
    /// insecure scripts, style sheets and frames in secure pages but still loads insecure
    /// images and media, and reports neither (its `insecure-content-detected` signal is no
    /// longer emitted): each resource of the main frame is watched from an isolated
    /// world through the document's resource timing. Resources of frames are not seen.
    public var hasOnlySecureContent: Bool {
        access(keyPath: \.hasOnlySecureContent)
        return shownDocument.isSecure
    }

    /// Sets ``hasOnlySecureContent``, telling its observers when it changes.
    private func setContentSecure(_ secure: Bool) {
        guard shownDocument.isSecure != secure else { return }
        withMutation(keyPath: \.hasOnlySecureContent) { shownDocument.isSecure = secure }
    }

    /// The isolated world that watches the page's resources.
    static let securityWorld = WKContentWorld.world(name: "WebKitGTKSwift.security")
    private static let insecureContentHandlerName = "webkitgtkSwiftInsecureContent"

    /// A document was committed: its certificate, and whether it came encrypted, are new.
    /// Called by the page's `load-changed` handler before the commit is reported.
    func securityCommitted() {
        withMutation(keyPath: \.serverTrust) {}
        let uri = String(optionalCString: webkit_web_view_get_uri(webView)) ?? ""
        let secure = uri.lowercased().hasPrefix("https:") && webkit_web_view_get_tls_info(webView, nil, nil) != 0
        setContentSecure(secure)
    }

    func connectSecuritySignals() {
        userContent.registerOwnHandler(Self.insecureContentHandlerName, world: Self.securityWorld) {
            [weak self] json in
            self?.insecureContentLoaded(json)
        }
        userContent.setOwnScript("insecureContent", source: Self.insecureContentWatcher, world: Self.securityWorld)
    }

    /// A report from the watcher: `[document URL, resource URL]`. Reports of a document
    /// that is no longer shown are dropped.
    private func insecureContentLoaded(_ json: String) {
        guard let report = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String],
            let document = report.first, document == String(optionalCString: webkit_web_view_get_uri(webView))
        else { return }
        setContentSecure(false)
    }

    /// Reports the first resource of a secure document that came over plain HTTP.
    private static let insecureContentWatcher = """
        (() => {
            if (location.protocol !== 'https:' || typeof PerformanceObserver !== 'function') return;
            const observer = new PerformanceObserver((list) => {
                const insecure = list.getEntries().find((entry) => /^(http|ws):/i.test(entry.name));
                if (!insecure) return;
                observer.disconnect();
                window.webkit.messageHandlers.\(insecureContentHandlerName).postMessage([location.href, insecure.name]);
            });
            observer.observe({ type: 'resource', buffered: true });
        })();
        """
}
