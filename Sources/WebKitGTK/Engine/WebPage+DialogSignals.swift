internal import CWebKitGTK
import Foundation
import GLibBridge

/// Turns WebKitGTK's script dialogs, file choosers and permission requests into calls to
/// the page's ``WebPage/DialogPresenting`` (and, for sensors, its
/// ``WebPage/Configuration/deviceSensorAuthorization``).
extension WebPage {
    func presentScriptDialog(_ dialog: OpaquePointer) {
        webkit_script_dialog_ref(dialog)
        let message = String(optionalCString: webkit_script_dialog_get_message(dialog)) ?? ""
        let type = webkit_script_dialog_get_dialog_type(dialog)
        let frame = mainFrameInfo
        let held = UncheckedSendable(dialog)
        Task { @MainActor in
            let dialog = held.value
            defer {
                webkit_script_dialog_close(dialog)
                webkit_script_dialog_unref(dialog)
            }
            switch type {
            case WEBKIT_SCRIPT_DIALOG_ALERT:
                await dialogPresenter.handleJavaScriptAlert(message: message, initiatedBy: frame)
            case WEBKIT_SCRIPT_DIALOG_CONFIRM:
                let result = await dialogPresenter.handleJavaScriptConfirm(message: message, initiatedBy: frame)
                webkit_script_dialog_confirm_set_confirmed(dialog, result == .ok ? 1 : 0)
            case WEBKIT_SCRIPT_DIALOG_PROMPT:
                let defaultText = String(optionalCString: webkit_script_dialog_prompt_get_default_text(dialog))
                let result = await dialogPresenter.handleJavaScriptPrompt(
                    message: message, defaultText: defaultText, initiatedBy: frame)
                if case .ok(let text) = result { webkit_script_dialog_prompt_set_text(dialog, text) }
            default:
                // "Leave this page?": leaving is allowed, as on Apple's platforms without a UI delegate.
                webkit_script_dialog_confirm_set_confirmed(dialog, 1)
            }
        }
    }

    func presentFileChooser(_ request: GObjectReference) {
        let raw = request.cast(to: WebKitFileChooserRequest.self)
        var types: [String] = []
        if var cursor = webkit_file_chooser_request_get_mime_types(raw) {
            while let type = cursor.pointee {
                types.append(String(cString: type))
                cursor += 1
            }
        }
        let parameters = WKOpenPanelParameters(
            allowsMultipleSelection: webkit_file_chooser_request_get_select_multiple(raw) != 0,
            allowsDirectories: false,
            acceptedTypes: types)
        let frame = mainFrameInfo
        Task { @MainActor in
            let result = await dialogPresenter.handleFileInputPrompt(parameters: parameters, initiatedBy: frame)
            let raw = request.cast(to: WebKitFileChooserRequest.self)  // held by the task until answered
            guard case .selected(let urls) = result, !urls.isEmpty, !isClosed else {
                webkit_file_chooser_request_cancel(raw)
                return
            }
            withNullTerminatedCStrings(urls.filter(\.isFileURL).map(\.path)) {
                webkit_file_chooser_request_select_files(raw, $0)
            }
        }
    }

    func decidePermission(_ request: GObjectReference) {
        let instance = UnsafeMutablePointer<GTypeInstance>(request.pointer)
        func isA(_ type: GType) -> Bool { g_type_check_instance_is_a(instance, type) != 0 }
        let kind: PermissionRequest.Kind
        if isA(webkit_user_media_permission_request_get_type()) {
            let raw = request.cast(to: WebKitUserMediaPermissionRequest.self)
            let audio = webkit_user_media_permission_is_for_audio_device(raw) != 0
            let video = webkit_user_media_permission_is_for_video_device(raw) != 0
            kind =
                webkit_user_media_permission_is_for_display_device(raw) != 0
                ? .displayCapture : audio && video ? .cameraAndMicrophone : video ? .camera : .microphone
        } else if isA(webkit_geolocation_permission_request_get_type()) {
            kind = .geolocation
        } else if isA(webkit_notification_permission_request_get_type()) {
            kind = .notifications
        } else if isA(webkit_pointer_lock_permission_request_get_type()) {
            kind = .pointerLock
        } else if isA(webkit_media_key_system_permission_request_get_type()) {
            kind = .mediaKeySystem
        } else if isA(webkit_clipboard_permission_request_get_type()) {
            kind = .clipboard
        } else if isA(webkit_website_data_access_permission_request_get_type()) {
            kind = .websiteData
        } else {
            kind = .other
        }
        let frame = mainFrameInfo
        let permission = PermissionRequest(kind: kind, frame: frame)
        let sensor: DeviceSensorAuthorization.Permission? =
            switch kind {
            case .camera: .mediaCapture(.camera)
            case .microphone: .mediaCapture(.microphone)
            case .cameraAndMicrophone: .mediaCapture(.cameraAndMicrophone)
            default: nil
            }
        Task { @MainActor in
            var decision = WKPermissionDecision.prompt
            if let sensor {
                decision = await configuration.deviceSensorAuthorization.decisionHandler(
                    sensor, frame, frame.securityOrigin)
            }
            if decision == .prompt { decision = await dialogPresenter.decidePermission(for: permission) }
            // The task holds `request` until it is answered.
            if decision == .grant && !isClosed {
                webkit_permission_request_allow(request.pointer)
            } else {
                webkit_permission_request_deny(request.pointer)
            }
        }
    }
}
