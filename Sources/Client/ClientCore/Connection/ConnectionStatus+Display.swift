// Short human texts for connection states, for the status line and `claudepm status`.

extension ConnectionStatus {
    /// A short description, e.g. "reconnecting in 8 s (attempt 3)".
    public func summary(now: MonotonicTime) -> String {
        switch self {
        case .offline: return "offline"
        case .connecting(let attempt): return attempt == 0 ? "connecting…" : "connecting (attempt \(attempt + 1))…"
        case .connected: return "connected"
        case .reconnecting(let attempt, let retryAt):
            return "reconnecting in \(Self.wholeSeconds(retryAt - now)) s (attempt \(attempt))"
        case .authFailed: return "API key rejected"
        }
    }

    /// True while the data shown for this server may be out of date.
    public var isStale: Bool { self != .connected }

    static func wholeSeconds(_ duration: Duration) -> Int {
        max(0, Int(duration.secondsDouble.rounded(.up)))
    }
}

extension PTYStatus {
    /// A short description, e.g. "reconnecting 3/10 in 4 s".
    public func summary(now: MonotonicTime) -> String {
        switch self {
        case .idle: return "idle"
        case .connecting: return "connecting…"
        case .attaching: return "attaching…"
        case .attached(let cols, let rows): return "attached \(cols)×\(rows)"
        case .reconnecting(let attempt, let maxAttempts, let retryAt):
            return "reconnecting \(attempt)/\(maxAttempts) in \(ConnectionStatus.wholeSeconds(retryAt - now)) s"
        case .detached: return "detached"
        case .exited(let code): return "exited (\(code))"
        case .failed(let reason): return "failed: \(reason)"
        }
    }
}

extension RoundTrip {
    /// The smoothed round trip in whole milliseconds, e.g. "42 ms".
    public var summary: String {
        "\(Int((smoothed.secondsDouble * 1000).rounded())) ms"
    }
}
