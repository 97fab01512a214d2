import Foundation
import GLibBridge

/// Tells which of a delegate method's spellings an app implemented.
///
/// Apple's delegate protocols are Objective-C protocols with optional methods, and an app
/// writes a method in whichever spelling its SDK showed it: with a completion handler that
/// is `@MainActor @Sendable`, only one of the two, or neither, or as an `async` method.
/// Swift matches a method to a requirement only when the closure types are the same, so the
/// library's protocols declare each spelling as a requirement of its own, with a default
/// implementation that reports itself here. A call through one spelling that lands in the
/// default implementation moves on to the next; the first that the app implemented answers.
@MainActor
enum DelegateCall {
    /// Set while a spelling is tried; default implementations mark it.
    @TaskLocal static var current: Attempt?

    /// One try of one spelling.
    @MainActor
    final class Attempt {
        var isDefault = false
    }

    /// Marks the current try as answered by a default implementation.
    static func unimplemented() {
        current?.isDefault = true
    }

    /// Calls `body`, one spelling of a method; whether the app implements it.
    static func implemented(_ body: () -> Void) -> Bool {
        let attempt = Attempt()
        $current.withValue(attempt) { body() }
        return !attempt.isDefault
    }

    /// Awaits `body`, one `async` spelling of a method; its result, or nil when the app
    /// does not implement it.
    static func implemented<Result>(_ body: () async -> Result) async -> Result? {
        let attempt = Attempt()
        let result = await $current.withValue(attempt) { await body() }
        return attempt.isDefault ? nil : result
    }

    /// Calls the first of `spellings` that the app implements, each with a completion
    /// handler, and awaits the answer given to that handler.
    ///
    /// The handler takes one answer. A second call is logged and ignored; a handler that
    /// is released without being called is logged and answered with `unanswered`, so the
    /// engine is never left waiting on a handler nobody holds.
    ///
    /// - Returns: The answer, or nil when the app implements none of the spellings.
    static func firstAnswer<Answer: Sendable>(
        _ method: String, unanswered: Answer,
        _ spellings: [(_ handler: CompletionHandler<Answer>) -> Void]
    ) async -> Answer? {
        for spelling in spellings {
            var answered = false
            let answer: Answer? = await withCheckedContinuation { continuation in
                let handler = CompletionHandler(method, unanswered: unanswered) { continuation.resume(returning: $0) }
                answered = implemented { spelling(handler) }
                if !answered { handler.withdraw() }
            }
            if answered { return answer }
        }
        return nil
    }
}

/// The completion handler a delegate method is called with: answers once.
@MainActor
final class CompletionHandler<Answer: Sendable> {
    private let method: String
    private let unanswered: Answer
    private var resume: ((Answer?) -> Void)?

    init(_ method: String, unanswered: Answer, resume: @escaping (Answer?) -> Void) {
        self.method = method
        self.unanswered = unanswered
        self.resume = resume
    }

    /// The answer the app gives.
    func answer(_ value: Answer) {
        guard let resume else {
            Log.library.warning("the completion handler of \(method) was called more than once; ignored")
            return
        }
        self.resume = nil
        resume(value)
    }

    /// The app does not implement the method: the caller tries the next spelling.
    func withdraw() {
        resume?(nil)
        resume = nil
    }

    /// The handler as each closure type an app may declare it with, all answering here.
    var mainActorSendable: @MainActor @Sendable (Answer) -> Void {
        { [self] in answer($0) }
    }
    var plain: (Answer) -> Void {
        { [self] value in onMainActor { self.answer(value) } }
    }

    isolated deinit {
        guard let resume else { return }
        Log.library.warning(
            "the completion handler of \(method) was released without being called; answered \(unanswered)")
        resume(unanswered)
    }
}

/// Runs `body` on the main actor: at once on the main thread, where completion handlers are
/// called, or later from a task on any other.
nonisolated func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
    if isOnMainThread {
        MainActor.assumeIsolated { body() }
    } else {
        Task { @MainActor in body() }
    }
}
