// Whether a server streams panes, asked without opening a stream: asking by `pty:attach` would
// cost an upstream server's user a tmux client (a `select-pane` and an attach that can resize
// their windows) for every tile. claudepm-server always serves `GET /api/metrics` (an extension,
// behind the key like every `/api` route), and its text names the pane-stream gauge; the upstream
// server has no such route (404), and another server's Prometheus text would not name the gauge.
// docs/compatibility.md names the signal.

import Foundation

extension RESTClient {
    /// The metric only a server with pane streams exports (docs/server.md, "Metrics").
    static let paneStreamGauge = #"claudepm_pty_streams_open{kind="pane"}"#

    /// True when the server streams panes (`pty:attach` with `stream: "pane"`, claudepm-server's
    /// extension): `GET /api/metrics` answers 2xx with the pane-stream gauge. Any other answer,
    /// or none, means no: its tiles are then drawn from `session:output` pictures, which cost
    /// only liveness.
    public func streamsPanes() async -> Bool {
        guard let answer = try? await perform("GET", "/api/metrics", resource: "metrics") else { return false }
        return String(decoding: answer.body, as: UTF8.self).contains(Self.paneStreamGauge)
    }
}
