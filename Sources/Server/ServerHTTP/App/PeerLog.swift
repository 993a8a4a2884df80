// One log line per refused caller (401, WebSocket close 4001, a cross-site request; warning), per
// WebSocket message refused by validation (PARSE_ERROR, INVALID_MESSAGE; notice) and per WebSocket
// opened and closed (info, with how long it lived and why it ended), naming the peer and the path.
// A line never holds an API key: no header value but a refused `Origin`, no query string
// (`?apiKey=`), and of a refused message only its error code and the paths of the offending
// fields, never the values.
import ClaudePMProtocol
import Logging
import NIOCore

/// Log lines about one peer's request or WebSocket.
struct PeerLog: Sendable {
    let logger: Logger
    /// `ip:port` (`[ip]:port` for IPv6), or `unknown`.
    let peer: String
    /// The request path, without its query string.
    let path: String

    init(logger: Logger, peer: SocketAddress?, path: String) {
        self.logger = logger
        self.path = path
        switch (peer?.ipAddress, peer?.port) {
        case (let ip?, let port?): self.peer = ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
        case (let ip?, nil): self.peer = ip
        default: self.peer = "unknown"
        }
    }

    /// An HTTP request answered 401, or a WebSocket closed with 4001 (`what`: "GET", "WebSocket").
    func unauthorized(_ what: String) {
        logger.warning(
            "\(what) refused: missing or invalid API key", metadata: ["peer": "\(peer)", "path": "\(path)"])
    }

    /// A request (`what`: "POST", "WebSocket") refused for its foreign `Origin` (CrossSiteGuard).
    func crossSite(_ what: String, origin: String) {
        logger.warning(
            "\(what) refused: cross-site request",
            metadata: ["peer": "\(peer)", "path": "\(path)", "origin": "\(origin.prefix(200))"])
    }

    /// A WebSocket passed auth and is open.
    func opened() {
        logger.info("WebSocket opened", metadata: ["peer": "\(peer)", "path": "\(path)"])
    }

    /// A client detached its PTY stream from `session` (`pty:detach`), as a clean exit does.
    func ptyDetached(session: String) {
        logger.info("PTY detached", metadata: ["peer": "\(peer)", "path": "\(path)", "session": "\(session)"])
    }

    /// A pane stream switched in place between watching and interactive (`pty:resize` with
    /// `readOnly`, claudepm's extension).
    func ptyAccessChanged(session: String, readOnly: Bool) {
        logger.info(
            "PTY \(readOnly ? "read-only" : "interactive")",
            metadata: ["peer": "\(peer)", "path": "\(path)", "session": "\(session)"])
    }

    /// A WebSocket ended after `seconds`: `reason` is "closed by peer" or the error that ended it
    /// (an oversized message: close 1009).
    func closed(after seconds: Double, reason: String) {
        logger.info(
            "WebSocket closed",
            metadata: [
                "peer": "\(peer)", "path": "\(path)", "reason": "\(reason)",
                "seconds": "\((seconds * 10).rounded() / 10)",
            ])
    }

    /// A WebSocket message answered with PARSE_ERROR or INVALID_MESSAGE.
    func refusedMessage(_ error: ProtocolError) {
        var metadata: Logger.Metadata = ["peer": "\(peer)", "path": "\(path)"]
        switch error {
        case .parse:
            metadata["code"] = "PARSE_ERROR"
        case .invalid(let issues):
            metadata["code"] = "INVALID_MESSAGE"
            metadata["fields"] = "\(issues.map { $0.path.joined(separator: ".") }.joined(separator: ","))"
        }
        logger.notice("WebSocket message refused", metadata: metadata)
    }
}
