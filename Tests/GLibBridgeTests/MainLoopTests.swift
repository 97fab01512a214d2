import CWebKitGTK
import Foundation
import Testing

@testable import GLibBridge

@MainActor
struct MainLoopTests {
    @Test func awaitOnMainActorResumesWhileGLibIsDriven() async throws {
        MainLoop.ensureDriven()
        var fired = false
        let done = AsyncStream<Void>.makeStream()
        let id = g_timeout_add(20, Trampoline.sourceFunction, CallbackBox<SourceHandler>({ fired = true; done.continuation.finish(); return false }).retainedPointer())
        _ = id
        for await _ in done.stream {}
        #expect(fired)
    }
}
