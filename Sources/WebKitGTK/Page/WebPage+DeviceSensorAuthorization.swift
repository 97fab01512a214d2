import Foundation

/// What a page's request for a permission is answered with: Apple's `WKPermissionDecision`.
public enum WKPermissionDecision: Int, Sendable, Hashable {
    /// Ask the person: the page's ``WebPage/DialogPresenting/decidePermission(for:)`` decides.
    case prompt = 0
    /// Allow it. `webkit_permission_request_allow`.
    case grant = 1
    /// Refuse it. `webkit_permission_request_deny`.
    case deny = 2
}

/// The capture devices a page asks for: Apple's `WKMediaCaptureType`.
public enum WKMediaCaptureType: Int, Sendable, Hashable {
    /// A camera.
    case camera = 0
    /// A microphone.
    case microphone = 1
    /// A camera and a microphone.
    case cameraAndMicrophone = 2
}

extension WebPage {
    /// How a page's requests for device sensors (camera, microphone) are answered: Apple's
    /// `WebPage.DeviceSensorAuthorization`.
    ///
    ///     configuration.deviceSensorAuthorization = .init { permission, frame, origin in
    ///         origin.host == "meet.example.org" ? .grant : .prompt
    ///     }
    ///
    /// `.prompt` hands the request to the page's ``DialogPresenting``; without one, it is
    /// denied. WebKitGTK reports user-media permission requests
    /// (`WebKitUserMediaPermissionRequest`); there are no orientation or motion sensors on
    /// the Linux desktop, so `.deviceOrientationAndMotion` is never asked.
    public struct DeviceSensorAuthorization {
        /// A sensor a page asks for.
        public enum Permission: Hashable, Sendable {
            /// The orientation and motion of the device.
            case deviceOrientationAndMotion
            /// A camera, a microphone, or both.
            case mediaCapture(WKMediaCaptureType)
        }

        let decisionHandler: @MainActor (Permission, FrameInfo, WKSecurityOrigin) async -> WKPermissionDecision

        /// Decides each request with `decisionHandler`, from the permission, the frame
        /// asking and its origin.
        ///
        /// - Parameter decisionHandler: Returns `.grant`, `.deny`, or `.prompt` to ask the
        ///   page's ``DialogPresenting``.
        public init(
            decisionHandler:
                @escaping @MainActor (Permission, WebPage.FrameInfo, WKSecurityOrigin) async ->
                WKPermissionDecision
        ) {
            self.decisionHandler = decisionHandler
        }

        /// Answers every request with `decision`.
        ///
        /// - Parameter decision: The answer to every request.
        public init(decision: WKPermissionDecision) {
            self.init { _, _, _ in decision }
        }
    }
}
