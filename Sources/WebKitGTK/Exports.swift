// On Apple's platforms `import WebKit` brings Foundation along, URLRequest, URLResponse and
// the other URL loading types with it; on Linux those live in FoundationNetworking. Both are
// re-exported so that code written for Apple's WebKit compiles with only its import changed.
@_exported import Foundation
@_exported import FoundationNetworking

// Navigation, download and export failures carry the engine's `GError` as a `GLibError`;
// apps match on its domain and code, so it comes along too.
@_exported import class GLibBridge.GLibError
// GLib must own the main thread of a program that uses WebKitGTK (see `MainLoop`): an app
// starts its GLib loop through `MainLoop.run { }` or `MainLoop.prepareForGLibOwnedMainThread()`,
// so `import WebKitGTK` brings `MainLoop` along, and nothing else of GLibBridge.
@_exported import enum GLibBridge.MainLoop
