// One armed timer of a `TimerSet`.

import Dispatch

/// A libdispatch timer source. Dispatch sources may be used from any thread, which the module
/// does not declare, hence the unchecked conformance.
struct TimerSource: @unchecked Sendable {
    let source: any DispatchSourceTimer

    /// Disarms the timer: it never fires after this.
    func cancel() { source.cancel() }
}
