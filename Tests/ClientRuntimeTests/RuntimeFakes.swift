// Fakes for driving RuntimeApp without a network or a terminal: a backend that records the
// streams it opens and the effects it gets, channels that record input and resizes, and an
// outer terminal of a fixed size.
import ClientCore
import Foundation
import Synchronization
import TUI

@testable import ClientRuntime

/// A terminal channel that records what the app sends.
final class RecordingChannel: TerminalChannel {
    private let log = Mutex<(input: [String], resizes: [GridSize], closed: Bool)>(([], [], false))

    func input(_ text: String) { log.withLock { $0.input.append(text) } }
    func resize(cols: Int, rows: Int) { log.withLock { $0.resizes.append(GridSize(cols: cols, rows: rows)) } }
    func setAccess(readOnly: Bool, cols: Int, rows: Int) {
        accessLog.withLock { $0.append((readOnly, GridSize(cols: cols, rows: rows))) }
    }
    func fit(cols: Int, rows: Int) { fitLog.withLock { $0.append(GridSize(cols: cols, rows: rows)) } }
    func close() { log.withLock { $0.closed = true } }
    func retryNow() { retryLog.withLock { $0 += 1 } }

    private let retryLog = Mutex(0)
    /// How many times the app asked the stream to try at once.
    var retries: Int { retryLog.withLock { $0 } }

    private let fitLog = Mutex<[GridSize]>([])
    /// Every fit asked for (the resize key), in order.
    var fits: [GridSize] { fitLog.withLock { $0 } }
    private let accessLog = Mutex<[(readOnly: Bool, size: GridSize)]>([])
    /// Every access switch asked for, in order.
    var accessChanges: [(readOnly: Bool, size: GridSize)] { accessLog.withLock { $0 } }
    var closed: Bool { log.withLock { $0.closed } }
    var inputs: [String] { log.withLock { $0.input } }
    var resizes: [GridSize] { log.withLock { $0.resizes } }
}

/// A backend that hands out recording channels.
final class FakeBackend: RuntimeBackend {
    struct Opened: Sendable {
        var key: SessionKey
        var size: GridSize
        var readOnly: Bool
        /// True when a pane stream was asked for (else a plain attach: a tmux client).
        var paneStream: Bool
        var generation: Int
        var channel: RecordingChannel
    }

    private let log = Mutex<(opened: [Opened], effects: [String])>(([], []))

    func openTerminal(
        _ key: SessionKey, cols: Int, rows: Int, readOnly: Bool, paneStream: Bool, generation: Int
    ) -> (any TerminalChannel)? {
        let channel = RecordingChannel()
        log.withLock {
            $0.opened.append(
                Opened(
                    key: key, size: GridSize(cols: cols, rows: rows), readOnly: readOnly, paneStream: paneStream,
                    generation: generation, channel: channel))
        }
        return channel
    }

    func perform(_ effect: NetworkEffect) {
        log.withLock { $0.effects.append("\(effect)") }
        requestLog.withLock { $0.append(effect) }
    }
    func reconnectAll() { log.withLock { $0.effects.append("reconnectAll") } }

    private let requestLog = Mutex<[NetworkEffect]>([])

    var opened: [Opened] { log.withLock { $0.opened } }
    /// Every network effect performed (and `reconnectAll`), as text.
    var effects: [String] { log.withLock { $0.effects } }
    /// Every request performed, in order.
    var requests: [NetworkEffect] { requestLog.withLock { $0 } }
}

/// An outer terminal of a fixed size that keeps what is written to it.
final class FakeOuterTerminal: OuterTerminal {
    var size: GridSize
    var written: [[UInt8]] = []

    init(size: GridSize) { self.size = size }

    func currentSize() -> GridSize { size }
    func resize(to size: GridSize) { self.size = size }
    func writeOuter(_ bytes: [UInt8]) { written.append(bytes) }
    /// Suspensions asked for (the fake returns at once, as if `fg` came immediately).
    private(set) var suspensions = 0
    func suspend() { suspensions += 1 }
}
