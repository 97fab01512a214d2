import Foundation

/// Measures how long the main loop goes without turning: a main-actor task that sleeps
/// `interval` over and over and records the longest gap between two of its wake-ups.
///
/// Every wake-up is a job on the main actor, which only runs when GLib's main loop turns
/// and drains the main queue, so a gap much longer than `interval` is a stall of the whole
/// app: no input, no drawing, no timers. A gap includes the sleep itself: on an idle
/// machine it is a little over `interval`.
///
///     let meter = StallMeter()
///     try await attack()
///     let longest = meter.stop()  // e.g. 0.018 seconds
@MainActor
package final class StallMeter {
    /// The longest stall a test accepts while a hostile page attacks. On an idle machine
    /// the stalls measured are tens of milliseconds; other jobs on the same two cores
    /// stretch them, so the bound is loose and the printed figure is the one to read.
    package static let hostilePageBound = Duration.seconds(2)

    private let clock = ContinuousClock()
    private var task: Task<Void, Never>?
    /// The longest gap seen so far between two turns.
    package private(set) var longestGap = Duration.zero
    /// How many turns were seen.
    package private(set) var turns = 0

    /// Starts measuring at once.
    ///
    /// - Parameter interval: How long each turn sleeps. Default: 10 ms.
    package init(interval: Duration = .milliseconds(10)) {
        task = Task { @MainActor [weak self, clock] in
            var last = clock.now
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                let now = clock.now
                guard let self else { return }
                longestGap = max(longestGap, now - last)
                turns += 1
                last = now
            }
        }
    }

    /// Stops measuring and returns the longest gap.
    @discardableResult
    package func stop() -> Duration {
        task?.cancel()
        task = nil
        return longestGap
    }

    isolated deinit { task?.cancel() }
}

extension Duration {
    /// The duration in milliseconds, for reports.
    package var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
