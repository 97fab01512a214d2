import Foundation
import GLibBridge

extension WebPage {
    /// The page's decider and the questions waiting for it.
    struct DeciderQueue {
        /// The decider, as the last answer left it.
        var decider: any NavigationDeciding
        /// Whether a question is being answered.
        var isDeciding = false
        /// The questions waiting for the one being answered, oldest first.
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// A URL the page loads for a decision already made; its own decision is not asked
        /// again.
        var preapprovedURL: URL?

        init(_ decider: any NavigationDeciding) { self.decider = decider }
    }

    /// Asks the decider one question, after any question still being answered.
    ///
    /// Deciders are values whose methods are `mutating`: the page keeps one, hands it to
    /// `body` to mutate, and keeps what `body` leaves. Questions never overlap, so a
    /// `struct` decider sees each of its changes in the next question, and no two
    /// mutations of the decider are under way at once. A decider must therefore not await
    /// another navigation of its own page while it answers: that navigation's question
    /// would wait for the answer being given.
    func askDecider<Result>(_ body: @MainActor (inout any NavigationDeciding) async -> Result) async -> Result {
        while deciderQueue.isDeciding && !isClosed {
            await withCheckedContinuation { deciderQueue.waiting.append($0) }
        }
        if isClosed {
            // Nothing waits for this answer any more: ask a copy, and keep nothing.
            var decider = deciderQueue.decider
            return await body(&decider)
        }
        deciderQueue.isDeciding = true
        defer {
            deciderQueue.isDeciding = false
            if !deciderQueue.waiting.isEmpty {
                let next = deciderQueue.waiting.removeFirst()
                resumingOnMainActor { next.resume() }
            }
        }
        var decider = deciderQueue.decider
        let result = await body(&decider)
        deciderQueue.decider = decider
        return result
    }
}
