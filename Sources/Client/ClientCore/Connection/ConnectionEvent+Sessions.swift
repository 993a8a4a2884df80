// The subscription set the event socket should hold: every running session, so that waiting,
// status and output changes reach the client (the server only sends them to subscribers).

import ClaudePMProtocol

extension ConnectionEvent {
    /// `.subscriptionsChanged` with the ids of the running sessions in `sessions` (e.g. the
    /// result of `GET /api/sessions` after a resync).
    public static func subscribeToRunning(_ sessions: [Session]) -> ConnectionEvent {
        .subscriptionsChanged(Set(sessions.filter { $0.status == .running }.map(\.id)))
    }
}
