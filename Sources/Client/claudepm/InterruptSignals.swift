// Turns SIGINT and SIGTERM into task cancellation, so a long-running command (`watch`) can
// close its sockets cleanly instead of dying mid-frame. The handlers are Dispatch sources, not
// C signal handlers, so the cancellation runs as ordinary code.

import Dispatch
import Foundation
import Synchronization

/// Watches SIGINT and SIGTERM while alive and cancels a task when one arrives.
final class InterruptSignals {
    /// The first signal seen, shared with the handlers.
    private final class FirstSignal: Sendable {
        let value = Mutex<Int32?>(nil)
    }

    private let sources: [any DispatchSourceSignal]
    private let received = FirstSignal()

    /// Installs the handlers; `onSignal` runs once per signal on a background queue.
    init(onSignal: @escaping @Sendable () -> Void) {
        let received = self.received
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                received.value.withLock { $0 = $0 ?? number }
                onSignal()
            }
            source.resume()
            return source
        }
    }

    /// The first signal that arrived, if any.
    var signalNumber: Int32? { received.value.withLock { $0 } }

    /// The shell's exit status for a command stopped by `signalNumber` (128 + n), if one arrived.
    var exitStatus: Int32? { signalNumber.map { 128 + $0 } }

    /// Removes the handlers and restores the default actions.
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
