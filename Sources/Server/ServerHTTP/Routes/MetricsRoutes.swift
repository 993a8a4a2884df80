// GET /api/metrics: the server's counters in Prometheus' text format (claudepm extension; an
// upstream client never asks for it). Behind the API key like every /api route but health.
import Hummingbird
import NIOCore
import ServerCore

struct MetricsRoutes {
    let services: ServerServices
    let metrics: ServerMetrics

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/metrics") { _, _ in response() }
    }

    func response() -> Response {
        let text = metrics.exposition(panes: services.panes.paneStreams?.counters)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
