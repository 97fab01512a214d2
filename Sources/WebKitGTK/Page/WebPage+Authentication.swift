internal import CWebKitGTK
import Foundation
import FoundationNetworking
import GLibBridge

/// Turns WebKitGTK's `authenticate` signal into the decider's
/// `decideAuthenticationChallengeDisposition(for:)`.
extension WebPage {
    func authenticate(_ request: GObjectReference) {
        let challenge = authenticationChallenge(request.cast())
        Task { @MainActor in
            let (disposition, credential) = await askDecider {
                await $0.decideAuthenticationChallengeDisposition(for: challenge)
            }
            // The task holds `request` until it is answered: an unanswered request must not be freed.
            let raw = request.cast(to: WebKitAuthenticationRequest.self)
            guard !isClosed else { return webkit_authentication_request_cancel(raw) }
            guard disposition == .useCredential, let credential, let user = credential.user else {
                if disposition == .cancelAuthenticationChallenge {
                    webkit_authentication_request_cancel(raw)  // the load fails
                } else {
                    webkit_authentication_request_authenticate(raw, nil)  // go on without: the 401 page shows
                }
                return
            }
            let persistence: WebKitCredentialPersistence =
                switch credential.persistence {
                case .permanent, .synchronizable: WEBKIT_CREDENTIAL_PERSISTENCE_PERMANENT
                case .forSession: WEBKIT_CREDENTIAL_PERSISTENCE_FOR_SESSION
                default: WEBKIT_CREDENTIAL_PERSISTENCE_NONE
                }
            let answer = webkit_credential_new(user, credential.password ?? "", persistence)
            webkit_authentication_request_authenticate(raw, answer)
            webkit_credential_free(answer)
        }
    }

    /// Foundation's challenge for a `WebKitAuthenticationRequest`: who asks, how, and
    /// whether earlier credentials were refused.
    private func authenticationChallenge(_ raw: UnsafeMutablePointer<WebKitAuthenticationRequest>)
        -> URLAuthenticationChallenge
    {
        let method: String =
            switch webkit_authentication_request_get_scheme(raw) {
            case WEBKIT_AUTHENTICATION_SCHEME_HTTP_BASIC: NSURLAuthenticationMethodHTTPBasic
            case WEBKIT_AUTHENTICATION_SCHEME_HTTP_DIGEST: NSURLAuthenticationMethodHTTPDigest
            case WEBKIT_AUTHENTICATION_SCHEME_NTLM: NSURLAuthenticationMethodNTLM
            case WEBKIT_AUTHENTICATION_SCHEME_NEGOTIATE: NSURLAuthenticationMethodNegotiate
            // Foundation on Linux has no constants for these two; the strings are Apple's.
            case WEBKIT_AUTHENTICATION_SCHEME_CLIENT_CERTIFICATE_REQUESTED:
                "NSURLAuthenticationMethodClientCertificate"
            case WEBKIT_AUTHENTICATION_SCHEME_SERVER_TRUST_EVALUATION_REQUESTED: "NSURLAuthenticationMethodServerTrust"
            default: NSURLAuthenticationMethodDefault
            }
        let host = String(optionalCString: webkit_authentication_request_get_host(raw)) ?? ""
        let port = Int(webkit_authentication_request_get_port(raw))
        let realm = String(optionalCString: webkit_authentication_request_get_realm(raw))
        let space =
            webkit_authentication_request_is_for_proxy(raw) != 0
            ? URLProtectionSpace(
                proxyHost: host, port: port, type: NSURLProtectionSpaceHTTPProxy, realm: realm,
                authenticationMethod: method)
            : URLProtectionSpace(
                host: host, port: port, protocol: url?.scheme, realm: realm, authenticationMethod: method)
        var proposed: URLCredential?
        if let credential = webkit_authentication_request_get_proposed_credential(raw) {
            defer { webkit_credential_free(credential) }
            if let user = String(optionalCString: webkit_credential_get_username(credential)) {
                proposed = URLCredential(
                    user: user, password: String(optionalCString: webkit_credential_get_password(credential)) ?? "",
                    persistence: .forSession)
            }
        }
        return URLAuthenticationChallenge(
            protectionSpace: space, proposedCredential: proposed,
            previousFailureCount: webkit_authentication_request_is_retry(raw) != 0 ? 1 : 0, failureResponse: nil,
            error: nil, sender: AuthenticationAnswerSender.shared)
    }
}

/// The challenge's sender. WebPage answers a challenge with what the decider returns, so
/// the sender's own calls have nothing to do: they are accepted and ignored.
private final class AuthenticationAnswerSender: NSObject, URLAuthenticationChallengeSender, Sendable {
    static let shared = AuthenticationAnswerSender()
    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
    func cancel(_ challenge: URLAuthenticationChallenge) {}
    func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
}
