import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// A standard library stream's elements are taken on the caller's thread when they are
/// already there, and waited for as the stream's own iterator would when they are not.
@MainActor
struct ImmediateIteratorTests {
    private struct Failure: Error, Equatable {}

    /// Whether the main actor ran other work while `body` ran: a job queued on it before
    /// runs only if `body` gave the main actor up.
    private func gaveUpTheMainActor(_ body: () async throws -> Void) async rethrows -> Bool {
        var ranMeanwhile = false
        let other = Task { @MainActor in ranMeanwhile = true }
        try await body()
        let gaveUp = ranMeanwhile
        await other.value
        return gaveUp
    }

    @Test func anElementAlreadyInTheStreamIsTakenWithoutLeavingTheMainActor() async throws {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
        let elements = ImmediateIterator(stream.makeAsyncIterator())
        var taken: [Int?] = []
        let gaveUp = try await gaveUpTheMainActor {
            for _ in 0..<3 { taken.append(try await elements.next()) }
        }
        #expect(taken == [1, 2, nil])
        #expect(!gaveUp)
    }

    /// The check above can fail: the standard library's own iterator does give the main
    /// actor up for an element that is already there.
    @Test func theStreamsOwnIteratorGivesTheMainActorUp() async throws {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        var iterator = stream.makeAsyncIterator()
        var taken: Int?
        let gaveUp = try await gaveUpTheMainActor { taken = try await iterator.next(isolation: #isolation) }
        #expect(taken == 1)
        #expect(gaveUp)
    }

    @Test func anElementYetToComeIsWaitedFor() async throws {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let elements = ImmediateIterator(stream.makeAsyncIterator())
        Task.detached {
            try await Task.sleep(for: .milliseconds(20))
            continuation.yield("later")
            continuation.finish()
        }
        #expect(await elements.next() == "later")
        #expect(await elements.next() == nil)
    }

    @Test func whatTheStreamThrowsIsThrownAfterItsElements() async throws {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.finish(throwing: Failure())
        let elements = ImmediateIterator(stream.makeAsyncIterator())
        #expect(try await elements.next() == 1)
        await #expect(throws: Failure()) { try await elements.next() }
        #expect(try await elements.next() == nil)
    }

    /// Cancelling the task that waits ends the stream as cancelling its own iterator would:
    /// the wait returns nil and the stream's producer hears of it.
    @Test func cancellingTheWaitingTaskEndsTheStream() async throws {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let probe = HandlerProbe()
        continuation.onTermination = { probe.end($0) }
        let elements = ImmediateIterator(stream.makeAsyncIterator())
        var asking = false
        var taken: Int?? = .none
        let waiting = Task { @MainActor in
            asking = true
            taken = try await elements.next()
        }
        // The task runs up to its wait in one job of the main actor: once it has asked, it waits.
        await until("the task asked") { asking }
        #expect(!probe.cancelled)
        waiting.cancel()
        await until("the wait ended") { taken != nil }
        #expect(taken == .some(nil))
        #expect(probe.cancelled)
    }

    /// A task cancelled before it asks sees what the stream's own iterator shows it: the
    /// stream is cancelled at once, and what it had already buffered is still handed out.
    @Test func aTaskAlreadyCancelledCancelsTheStream() async throws {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let probe = HandlerProbe()
        continuation.onTermination = { probe.end($0) }
        continuation.yield(1)
        let elements = ImmediateIterator(stream.makeAsyncIterator())
        var taken: [Int?] = []
        var cancelledByFirst = false
        let asking = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            taken.append(try await elements.next())
            cancelledByFirst = probe.cancelled
            taken.append(try await elements.next())
        }
        await until("both calls returned") { taken.count == 2 }
        #expect(taken == [1, nil])
        #expect(cancelledByFirst)
        asking.cancel()
    }
}
