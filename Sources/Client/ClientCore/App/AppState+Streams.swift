// What the runtime reports about the terminal streams of the watched and attached sessions:
// status, late pongs, keys held while the link is in doubt, notices, keys lost, and the size of
// the pane a stream shows. A status
// change that brings the stream back clears its notice but never the report of lost keys: the
// re-attach is exactly when held keys are discarded.

extension AppState {
    /// Applies a `.stream…` event (others are ignored); streams of sessions that are neither
    /// watched nor attached are not kept.
    mutating func applyStream(_ event: AppEvent) {
        switch event {
        case .streamStatus(let key, let status):
            guard isStreamed(key) else { return }
            var stream = streams[key] ?? StreamState(status: status)
            stream.status = status
            stream.lastContact = nil
            if status.isLive { stream.notice = nil }
            streams[key] = stream
        case .streamLate(let key, let contact):
            guard isStreamed(key) else { return }
            streams[key, default: StreamState(status: .idle)].lastContact = contact
        case .streamPending(let key, let bytes):
            guard isStreamed(key) else { return }
            streams[key, default: StreamState(status: .idle)].pendingInput = bytes
        case .streamNotice(let key, let text):
            guard isStreamed(key) else { return }
            streams[key, default: StreamState(status: .idle)].notice = text
        case .streamLostInput(let key, let lost):
            guard isStreamed(key) else { return }
            streams[key, default: StreamState(status: .idle)].report(lost, at: clock)
        case .streamPaneSize(let key, let size):
            guard isStreamed(key) else { return }
            streams[key, default: StreamState(status: .idle)].paneSize = size
        default: break
        }
    }

    private func isStreamed(_ key: SessionKey) -> Bool { watched.contains(key) || attachedSession == key }
}
