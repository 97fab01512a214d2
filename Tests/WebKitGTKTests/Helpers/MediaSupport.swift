import CWebKitGTK
import Foundation
import Observation
import TestSupport

@testable import WebKitGTK

/// A page shown by a ``WebView`` in a mapped GTK window: WebKitGTK starts media and
/// capture only in a page that is in a real window, not in the offscreen one.
@MainActor
final class ShownPage {
    let view: WebView
    private let window: TestWindow

    init(_ page: WebPage) {
        view = WebView(page)
        window = TestWindow(showing: view, width: 640, height: 480)
    }

    /// Closes the window; the page goes back offscreen.
    func close() { window.close() }
}

/// Every value `read` takes, first the current one, then one per change, as Observation
/// reports them; repeats in a row are kept once.
@MainActor
final class ObservedValues<Value: Equatable> {
    private(set) var values: [Value]
    private let read: @MainActor () -> Value

    init(_ read: @escaping @MainActor () -> Value) {
        self.read = read
        values = [read()]
        track()
    }

    private func track() {
        withObservationTracking {
            _ = read()
        } onChange: { [weak self] in
            Task { @MainActor in self?.changed() }
        }
    }

    private func changed() {
        let value = read()
        if values.last != value { values.append(value) }
        track()
    }
}

/// Grants every permission, and records what was asked.
@MainActor
final class GrantingPresenter: WebPage.DialogPresenting {
    var asked: [WebPage.PermissionRequest.Kind] = []

    func decidePermission(for request: WebPage.PermissionRequest) async -> WKPermissionDecision {
        asked.append(request.kind)
        return .grant
    }
}

/// A mono 16-bit PCM WAV file of a sine tone, as a `data:` URL.
func toneDataURL(seconds: Double = 2, frequency: Double = 440, sampleRate: Int = 8000) -> String {
    let count = Int(seconds * Double(sampleRate))
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))  // PCM
    append(UInt16(1))  // mono
    append(UInt32(sampleRate))
    append(UInt32(sampleRate * 2))
    append(UInt16(2))
    append(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(count * 2))
    for index in 0..<count {
        append(Int16(8000 * sin(2 * Double.pi * frequency * Double(index) / Double(sampleRate))))
    }
    return "data:audio/wav;base64,\(data.base64EncodedString())"
}
