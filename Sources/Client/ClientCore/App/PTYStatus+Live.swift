// Which terminal-stream states the status line reports.

extension PTYStatus {
    /// True while output flows (attached), or when the stream is not running at all (idle, the
    /// user detached): nothing to report on the status line.
    public var isLive: Bool {
        switch self {
        case .attached, .idle, .detached: return true
        case .connecting, .attaching, .reconnecting, .exited, .failed: return false
        }
    }
}
