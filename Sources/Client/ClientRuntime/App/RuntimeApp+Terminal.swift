// One terminal stream's outputs on the loop thread: bytes and snapshots feed the session's
// TerminalScreen; the stream's status, notices and link facts become model events; round trips
// tune predictive echo. Every PTYOutput case is used here (nothing produced is thrown away).
import ClientCore
import Foundation
import TerminalScreen

extension RuntimeApp {
    /// Applies one output of `key`'s current stream; true when a frame is due.
    func handleTerminal(_ output: PTYOutput, key: SessionKey) -> Bool {
        switch output {
        case .bytes(let bytes):
            guard let screen = screens[key] else { return false }
            screen.feed(bytes)
            count(bytes.count, for: key)
            findScreenChanged(key)
            answerTerminalQueries(key, screen: screen)
            answerFrames.output(from: key)
            if predictionChanged(key, screen: screen) { answerFrames.predictionChanged() }
            return true
        case .snapshot(let cols, let rows, let bytes):
            guard let screen = screens[key] else { return false }
            paneStreams.insert(key)
            snapshotReplacedScreen(key)
            screen.reset(hard: true)
            screen.resize(rows: rows, cols: cols)
            screen.feed(bytes)
            count(bytes.count, for: key)
            findScreenChanged(key)
            _ = screen.takeOutput()
            answerFrames.output(from: key)
            let paneSize = GridSize(cols: cols, rows: rows)
            if state.streams[key]?.paneSize != paneSize { dispatch(.streamPaneSize(key, paneSize)) }
            return true
        case .resetTerminal:
            resetPrediction(key)
            screens[key]?.reset(hard: true)
            return true
        case .status(let status): dispatch(.streamStatus(key, status))
        case .notice(let text): dispatch(.streamNotice(key, text))
        case .droppedInput(let count): dispatch(.streamLostInput(key, .discarded(count)))
        case .unconfirmedInput(let count): dispatch(.streamLostInput(key, .unconfirmed(count)))
        case .late(let silence):
            dispatch(.streamLate(key, lastContact: silence.map { Date().addingTimeInterval(-$0.secondsDouble) }))
        case .heldInput(let bytes): dispatch(.streamPending(key, bytes: bytes))
        case .roundTrip(let trip): echo?.predictor.measured(roundTrip: trip.last)
        }
        return false
    }

    private func count(_ bytes: Int, for key: SessionKey) {
        streamCounters[key, default: StreamCounters()].bytes += bytes
        streamCounters[key, default: StreamCounters()].frames += 1
    }
}
