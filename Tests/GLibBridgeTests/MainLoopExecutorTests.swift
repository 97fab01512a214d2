import CWebKitGTK
import Foundation
import Testing

@testable import GLibBridge

/// Where nonisolated async code runs: on the global executor unless the task prefers
/// another.
nonisolated private func isOnMainThread() async -> Bool { Thread.isMainThread }

@MainActor
struct MainLoopExecutorTests {
    @Test func awaitingOnTheMainLoopKeepsTheTaskOnTheMainThread() async {
        #expect(await isOnMainThread() == false)
        #expect(await awaitingOnMainLoop { await isOnMainThread() })
    }

    @Test func aGIOCallResumesItsTaskThroughTheMainLoop() async throws {
        let before = MainLoopExecutor.shared.jobsRun
        let root = GObjectReference(adopting: g_file_new_for_path("/"))
        let isDirectory = try await gioCall { cancellable, callback, data in
            g_file_query_info_async(
                root.pointer, "standard::type", G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT, cancellable, callback, data)
        } finish: { _, result in
            let info = try GLibError.check { g_file_query_info_finish(root.pointer, result, $0) }
            defer { g_object_unref(UnsafeMutableRawPointer(info)) }
            return g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY
        }
        #expect(isDirectory)
        #expect(MainLoopExecutor.shared.jobsRun > before)
    }

    @Test func aContinuationResumedOnAnotherThreadComesBackToTheMainActor() async {
        for round in 0..<100 {
            let value = await awaitingOnMainLoop {
                await withCheckedContinuation { continuation in
                    Thread.detachNewThread { continuation.resume(returning: round) }
                }
            }
            MainActor.assertIsolated()
            #expect(value == round)
        }
    }

    @Test func cancellingATaskThatAwaitsOnTheMainLoopStillCancelsIt() async throws {
        let task = Task {
            try await awaitingOnMainLoop { try await Task.sleep(for: .seconds(30)) }
        }
        try await Task.sleep(for: .milliseconds(20))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
