import Synchronization

/// Iterates a standard library stream (`AsyncThrowingStream`, `AsyncStream`) made with a
/// continuation so that an element already in the stream is taken on the caller's thread.
///
/// The standard library's iterator of such a stream (Swift 6.3) runs every `next` off any
/// actor: awaited on the main actor, each element costs a round trip to a worker thread and
/// back (about 30 µs on two CPUs and 8 µs on one, by BENCHMARKS.md), even when the element
/// has been waiting in the stream's buffer all along. A nonisolated task started with
/// `Task.immediate` runs on the caller's thread until it first waits, so such an element
/// is taken there and then, in about 1 µs. Only an element that has yet to come is waited
/// for off the caller's thread, as the stream's own iterator waits.
///
/// A task that is already cancelled takes the stream's own path, so that the stream sees
/// the cancellation exactly as it would; a cancellation that comes while an element is
/// awaited is passed on to the task taking it.
///
/// Use it only for streams made with a continuation (`init(_:bufferingPolicy:_:)`,
/// `makeStream`), whose iterators may be used from any thread, one call at a time. A
/// stream made with `init(unfolding:)` makes each element in its closure when asked, and
/// here that closure would run on the caller's thread: see
/// `AsyncThrowingStream.isBuffered`.
final class ImmediateIterator<Base: AsyncIteratorProtocol & SendableMetatype>: @unchecked Sendable
where Base.Element: Sendable {
    // One call of `next` at a time uses `base`: a call waits for the task it starts, and
    // the iterators that hold this are not `Sendable`.
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    /// Where the task taking an element leaves what it took.
    private final class Taken: Sendable {
        let result = Mutex<Result<Base.Element?, Base.Failure>?>(nil)
    }

    /// The next element, or nil at the end; what the stream throws, it throws.
    func next(isolation actor: isolated (any Actor)? = #isolation) async throws(Base.Failure) -> Base.Element? {
        if Task.isCancelled { return try await base.next(isolation: actor) }
        let taken = Taken()
        let taking = take(into: taken)
        if let result = taken.result.withLock({ $0.take() }) { return try result.get() }
        await withTaskCancellationHandler {
            await taking.value
        } onCancel: {
            taking.cancel()
        }
        return try taken.result.withLock { $0.take() }!.get()
    }

    /// Starts a task that takes the next element, running on this thread until it waits.
    private nonisolated func take(into taken: Taken) -> Task<Void, Never> {
        Task.immediate {
            let result: Result<Base.Element?, Base.Failure>
            do throws(Base.Failure) {
                result = .success(try await self.base.next(isolation: nil))
            } catch {
                result = .failure(error)
            }
            taken.result.withLock { $0 = result }
        }
    }
}

extension AsyncThrowingStream {
    /// Whether the stream keeps its elements in a buffer that a continuation fills
    /// (`init(_:bufferingPolicy:_:)`, `makeStream`), rather than making each in a closure
    /// when it is asked (`init(unfolding:)`): whether ``ImmediateIterator`` may take its
    /// elements.
    ///
    /// The standard library records this only in the stream's stored parts, a buffer's
    /// storage or none, read here by reflection (about 3 µs). A stream whose parts do not
    /// read as expected counts as unbuffered, and keeps its own iterator.
    var isBuffered: Bool {
        guard let context = Mirror(reflecting: self).children.first, context.label == "context",
            let storage = Mirror(reflecting: context.value).children.first, storage.label == "storage"
        else { return false }
        let optional = Mirror(reflecting: storage.value)
        return optional.displayStyle == .optional && !optional.children.isEmpty
    }
}

/// A standard library stream whose iterator is an ``ImmediateIterator``: what the page
/// hands out as its indefinite sequences of navigation events. Make it only of a stream
/// made with a continuation.
struct ImmediateStream<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sendable, Base.AsyncIterator: SendableMetatype {
    typealias Element = Base.Element
    typealias Failure = Base.Failure

    let base: Base

    func makeAsyncIterator() -> Iterator {
        Iterator(elements: ImmediateIterator(base.makeAsyncIterator()))
    }

    struct Iterator: AsyncIteratorProtocol {
        let elements: ImmediateIterator<Base.AsyncIterator>

        mutating func next() async throws(Failure) -> Element? {
            try await elements.next(isolation: nil)
        }

        mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            try await elements.next(isolation: actor)
        }
    }
}

// Copies of an iterator share its ``ImmediateIterator``, which one task at a time may use.
@available(*, unavailable)
extension ImmediateStream.Iterator: Sendable {}
