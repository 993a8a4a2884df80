// Routing helper: which session a server message is about.

extension ServerMessage {
    /// The session this message concerns, if its payload names one.
    public var sessionId: String? {
        switch self {
        case .aiAnalysisStatus(let payload): payload.sessionId
        case .reviewResult(let payload): payload.sessionId
        case .sessionStatus(let payload): payload.sessionId
        case .sessionWaiting(let payload): payload.sessionId
        case .sessionOutput(let payload): payload.sessionId
        case .sessionContext(let payload): payload.sessionId
        case .subscribed(let payload): payload.sessionId
        case .unsubscribed(let payload): payload.sessionId
        case .ptyAttached(let payload): payload.sessionId
        case .ptyDetached(let payload): payload.sessionId
        case .ptyOutput(let payload): payload.sessionId
        case .ptySnapshot(let payload): payload.sessionId
        case .ptyExit(let payload): payload.sessionId
        case .sessionsChanged(let payload): payload.sessionId
        case .agentSnapshot, .agentUpdate, .agentRemoved, .ticketState, .notification, .pong, .error, .sessionsPushing,
            .unknown:
            nil
        }
    }
}
