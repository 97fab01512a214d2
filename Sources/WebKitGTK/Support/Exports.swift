// On Apple's platforms `import WebKit` brings Foundation along, URLRequest, URLResponse and
// the other URL loading types with it; on Linux those live in FoundationNetworking. Both are
// re-exported so that code written for Apple's WebKit compiles with only its import changed.
@_exported import Foundation
@_exported import FoundationNetworking

// Of GLibBridge, `import WebKitGTK` brings two things along. `GLibError`: navigation,
// download and export failures carry the engine's `GError` as one, and apps match on its
// domain and code. And `MainLoop`: GLib must own the main thread of a program that uses
// WebKitGTK, so an app starts its GLib loop through `MainLoop.run { }` or
// `MainLoop.prepareForGLibOwnedMainThread()`.
@_exported import class GLibBridge.GLibError
@_exported import enum GLibBridge.MainLoop
