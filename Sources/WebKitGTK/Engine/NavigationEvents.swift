import Foundation

/// The events of one navigation, as a load returns them.
///
/// Dropping the sequence leaves the navigation running (loads are fire-and-forget when
/// their result is discarded); cancelling a task that is iterating it stops the navigation.
struct NavigationEvents: AsyncSequence, Sendable {
    typealias Element = WebPage.NavigationEvent
    typealias Failure = any Error

    /// The navigation these are the events of, as its updates name it. Nil for a load
    /// refused before it reached the engine (an invalid URL, a POST, nothing to go back to,
    /// a closed page): no navigation exists and no update is ever published for it.
    let navigationID: WebPage.NavigationID?
    let stream: AsyncThrowingStream<WebPage.NavigationEvent, any Error>
    let cancel: @Sendable () -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(base: ImmediateIterator(stream.makeAsyncIterator()), cancel: cancel)
    }

    struct Iterator: AsyncIteratorProtocol {
        /// Takes an event that is already waiting without leaving the caller's thread.
        let base: ImmediateIterator<AsyncThrowingStream<WebPage.NavigationEvent, any Error>.Iterator>
        let cancel: @Sendable () -> Void

        mutating func next() async throws -> WebPage.NavigationEvent? {
            try await next(isolation: nil)
        }

        /// The next event, awaited in the caller's isolation.
        mutating func next(
            isolation actor: isolated (any Actor)?
        ) async throws(any Error) -> WebPage.NavigationEvent? {
            let cancel = self.cancel
            return try await withTaskCancellationHandler {
                try await base.next(isolation: actor)
            } onCancel: {
                cancel()
            }
        }
    }
}

// Copies of an iterator share its ``ImmediateIterator``, which one task at a time may use.
@available(*, unavailable)
extension NavigationEvents.Iterator: Sendable {}
