// The server's own counters, in Prometheus' text format at GET /api/metrics (behind the API key
// like every /api route but health): WebSockets opened, refused, closed and open; messages and
// bytes each way; broadcast events dropped for slow clients; PTY streams by kind; and, read at
// scrape time, the pane streams' snapshots, pauses, control-client restarts and mirrors ready. Counters live in
// one registry per server (no global metrics system, so servers in one process stay apart).
import Prometheus
import ServerCore

/// Counters and gauges of one server.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let wsOpened: Counter
    let wsRefused: Counter
    let wsClosedByPeer: Counter
    let wsClosedByError: Counter
    let wsOpen: Gauge
    let messagesIn: Counter
    let bytesIn: Counter
    let messagesOut: Counter
    let bytesOut: Counter
    let eventsDropped: Counter
    let clientStreams: Gauge
    let paneStreams: Gauge
    private let paneSnapshots: Gauge
    private let panePauses: Gauge
    private let controlRestarts: Gauge
    private let paneMirrors: Gauge

    init() {
        let r = registry
        func name(_ subsystem: String, _ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
            MetricNameDescriptor(
                namespace: "claudepm", subsystem: subsystem, metricName: metric, unitName: unit, helpText: help)
        }
        wsOpened = r.makeCounter(descriptor: name("websockets", "opened", "total", "WebSockets that passed auth"))
        wsRefused = r.makeCounter(descriptor: name("websockets", "refused", "total", "WebSockets closed with 4001"))
        let closed = name("websockets", "closed", "total", "WebSockets ended, by who ended them")
        wsClosedByPeer = r.makeCounter(descriptor: closed, labels: [("reason", "peer")])
        wsClosedByError = r.makeCounter(descriptor: closed, labels: [("reason", "error")])
        wsOpen = r.makeGauge(descriptor: name("websockets", "open", "", "WebSockets open now"))
        messagesIn = r.makeCounter(descriptor: name("ws", "messages_received", "total", "Messages received"))
        bytesIn = r.makeCounter(descriptor: name("ws", "bytes_received", "total", "Message bytes received"))
        messagesOut = r.makeCounter(descriptor: name("ws", "messages_sent", "total", "Messages sent"))
        bytesOut = r.makeCounter(
            descriptor: name("ws", "bytes_sent", "total", "Message bytes sent (before permessage-deflate)"))
        eventsDropped = r.makeCounter(
            descriptor: name("ws", "events_dropped", "total", "Broadcast events dropped for clients that fell behind"))
        let streams = name("pty", "streams_open", "", "PTY streams attached now, by kind")
        clientStreams = r.makeGauge(descriptor: streams, labels: [("kind", "client")])
        paneStreams = r.makeGauge(descriptor: streams, labels: [("kind", "pane")])
        paneSnapshots = r.makeGauge(descriptor: name("pane", "snapshots", "", "Pane snapshots taken since start"))
        panePauses = r.makeGauge(
            descriptor: name("pane", "pauses", "", "Panes tmux paused since start because this server fell behind"))
        controlRestarts = r.makeGauge(
            descriptor: name("control_client", "restarts", "", "tmux control clients restarted since start"))
        paneMirrors = r.makeGauge(
            descriptor: name("pane", "mirrors", "", "Panes the server mirrors now, with their seed in place"))
    }

    /// One message of `bytes` went out.
    func sent(bytes: Int) {
        messagesOut.increment()
        bytesOut.increment(by: Int64(bytes))
    }

    /// One message of `bytes` came in.
    func received(bytes: Int) {
        messagesIn.increment()
        bytesIn.increment(by: Int64(bytes))
    }

    /// A connection's PTY stream changed from `old` to `new` (each a kind, or nil for none).
    func streamChanged(from old: AttachedPTY.Kind?, to new: AttachedPTY.Kind?) {
        gauge(old)?.decrement()
        gauge(new)?.increment()
    }

    private func gauge(_ kind: AttachedPTY.Kind?) -> Gauge? {
        switch kind {
        case .client: clientStreams
        case .pane: paneStreams
        case nil: nil
        }
    }

    /// The text at GET /api/metrics, with the pane streams' counters as they are now.
    func exposition(panes: PaneStreams.Counters?) -> String {
        if let panes {
            paneSnapshots.set(to: Double(panes.snapshots))
            panePauses.set(to: Double(panes.pauses))
            controlRestarts.set(to: Double(panes.restarts))
            paneMirrors.set(to: Double(panes.mirrorsReady))
        }
        return registry.emitToString()
    }
}
