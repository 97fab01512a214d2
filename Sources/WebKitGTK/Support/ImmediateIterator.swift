@_spi(Reflection) import Swift
import Synchronization

/// Iterates a standard library stream (`AsyncThrowingStream`, `AsyncStream`) made with a
/// continuation so that an element already in the stream is taken on the caller's thread.
///
/// The standard library's iterator of such a stream (Swift 6.3) runs every `next` off any
/// actor: awaited on the main actor, each element costs a round trip to a worker thread and
/// back, even when the element has been waiting in the stream's buffer all along. A
/// nonisolated task started with `Task.immediate` runs on the caller's thread until it
/// first waits, so such an element is taken there and then. Only an element that has yet
/// to come is waited for off the caller's thread, as the stream's own iterator waits.
/// BENCHMARKS.md, "A stream's waiting elements are taken on the main thread", has the cost.
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
    /// The standard library records this only in the stream's stored parts: its context
    /// object holds a buffer's storage, or none. Where those parts lie is read once for each
    /// type of stream, from the runtime's records of their fields (``StreamLayout``), and a
    /// stream then costs two loads. A stream whose parts are not laid out as expected counts
    /// as unbuffered, and keeps its own iterator.
    var isBuffered: Bool {
        guard let layout = StreamLayout.of(Self.self) else { return false }
        return withUnsafeBytes(of: self) { stream in
            let context = stream.load(fromByteOffset: layout.context, as: UnsafeRawPointer.self)
            return context.load(fromByteOffset: layout.storage, as: UInt.self) != 0
        }
    }
}

/// Where a type of `AsyncThrowingStream` keeps its buffer: the offset of its context object
/// (a class instance) in the stream, and of the optional reference to the buffer's storage
/// in that object.
///
/// The offsets come from the runtime's field records (`_forEachField`), as `Mirror` reads
/// them, and are kept for each type of stream. Reading the stream through `Mirror` instead
/// would demangle and look up the fields' types on every read (BENCHMARKS.md, "A stream's
/// kind is read from where its parts lie").
struct StreamLayout: Sendable {
    let context: Int
    let storage: Int

    /// What is known of each type of stream: its layout, or nil where it is not as expected.
    private static let known = Mutex<[ObjectIdentifier: StreamLayout?]>([:])

    /// The layout of `stream`, or nil if its parts are not the standard library's
    /// `context` object holding an optional reference named `storage`.
    static func of(_ stream: Any.Type) -> StreamLayout? {
        let key = ObjectIdentifier(stream)
        if let layout = known.withLock({ $0[key] }) { return layout }
        var layout: StreamLayout?
        if let (context, contextType) = field("context", of: stream, kind: .class, inClass: false),
            let (storage, storageType) = field("storage", of: contextType, kind: .optional, inClass: true),
            size(of: storageType) == MemoryLayout<AnyObject?>.size
        {
            layout = StreamLayout(context: context, storage: storage)
        }
        known.withLock { $0[key] = .some(layout) }
        return layout
    }

    /// The offset and type of the stored property `name` of `type`, if it is of `kind`.
    private static func field(
        _ name: String, of type: Any.Type, kind: _MetadataKind, inClass: Bool
    ) -> (Int, Any.Type)? {
        var found: (Int, Any.Type)?
        // `_EachFieldOptions.classType`, which Swift 6 does not let be read: the standard
        // library declares it as a `static var`.
        let options = inClass ? _EachFieldOptions(rawValue: 1 << 0) : []
        _forEachField(of: type, options: options) { fieldName, offset, fieldType, fieldKind in
            if fieldKind == kind, String(cString: fieldName) == name { found = (offset, fieldType) }
            return found == nil
        }
        return found
    }

    private static func size<T>(of _: T.Type) -> Int { MemoryLayout<T>.size }
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
