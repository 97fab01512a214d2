import Foundation
import GLibBridge

extension WebPage {
    /// Asks the decider one question, after any question still being answered.
    ///
    /// Deciders are values whose methods are `mutating`: the page keeps one, hands it to
    /// `body` to mutate, and keeps what `body` leaves. Questions never overlap, so a
    /// `struct` decider sees each of its changes in the next question, and no two
    /// mutations of the decider are under way at once. A decider must therefore not await
    /// another navigation of its own page while it answers: that navigation's question
    /// would wait for the answer being given.
    func askDecider<Result>(_ body: @MainActor (inout any NavigationDeciding) async -> Result) async -> Result {
        while isDeciding && !isClosed {
            await withCheckedContinuation { decisionsWaiting.append($0) }
        }
        if isClosed {
            // Nothing waits for this answer any more: ask a copy, and keep nothing.
            var decider = navigationDecider
            return await body(&decider)
        }
        isDeciding = true
        defer {
            isDeciding = false
            if !decisionsWaiting.isEmpty {
                let next = decisionsWaiting.removeFirst()
                resumingOnMainActor { next.resume() }
            }
        }
        var decider = navigationDecider
        let result = await body(&decider)
        navigationDecider = decider
        return result
    }
}
