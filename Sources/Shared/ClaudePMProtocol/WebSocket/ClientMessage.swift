// Client → server WebSocket messages (§3.4).
import Foundation

/// A message from a client to the server.
///
/// Clients build these and call `encoded()`. The server checks incoming frames with
/// `ClientMessage.validate(_:)`, which applies upstream's Zod rules; `decode(_:)` is the
/// tolerant counterpart (unknown or malformed frames become `.unknown`).
public enum ClientMessage: Sendable, Equatable {
    /// `session:subscribe`.
    case subscribe(sessionId: String)
    /// `session:unsubscribe`.
    case unsubscribe(sessionId: String)
    /// `session:input`: text followed by Enter (needs a subscription).
    case input(sessionId: String, text: String)
    /// `session:keys`: raw bytes, no Enter (needs a subscription).
    case keys(sessionId: String, keys: String)
    /// `ping`, answered by `pong`.
    case ping
    /// `pty:attach`; `readOnly`, `stream` and `history` are claudepm extensions that upstream
    /// ignores (`stream: "pane"` asks for a pane stream: `pty:snapshot`, then the pane's bytes).
    case ptyAttach(
        sessionId: String, cols: Int? = nil, rows: Int? = nil, readOnly: Bool? = nil, stream: String? = nil,
        history: Int? = nil)
    /// `pty:detach`.
    case ptyDetach(sessionId: String)
    /// `pty:data`: keyboard input for the attached tmux client.
    case ptyData(sessionId: String, data: String)
    /// `pty:resize`; `readOnly` and `fit` are claudepm extensions that upstream ignores: on a
    /// pane stream `readOnly` switches the stream between watching and interactive without a new
    /// attach, and `fit` sizes the window even under tmux's `window-size manual`.
    case ptyResize(sessionId: String, cols: Int, rows: Int, readOnly: Bool? = nil, fit: Bool? = nil)
    /// `pty:selectPane`: select and zoom the session's pane.
    case ptySelectPane(sessionId: String)
    /// Any other frame; `raw` is the whole frame.
    case unknown(type: String, raw: JSONValue)

    /// Every client message type upstream accepts, in schema order.
    public static let knownTypes = [
        "session:subscribe", "session:unsubscribe", "session:input", "session:keys", "ping",
        "pty:attach", "pty:detach", "pty:data", "pty:resize", "pty:selectPane",
    ]

    /// The wire `type` string.
    public var type: String {
        switch self {
        case .subscribe: "session:subscribe"
        case .unsubscribe: "session:unsubscribe"
        case .input: "session:input"
        case .keys: "session:keys"
        case .ping: "ping"
        case .ptyAttach: "pty:attach"
        case .ptyDetach: "pty:detach"
        case .ptyData: "pty:data"
        case .ptyResize: "pty:resize"
        case .ptySelectPane: "pty:selectPane"
        case .unknown(let type, _): type
        }
    }

    /// The session this message targets, if any.
    public var sessionId: String? {
        switch self {
        case .subscribe(let id), .unsubscribe(let id), .input(let id, _), .keys(let id, _), .ptyDetach(let id),
            .ptyData(let id, _), .ptyResize(let id, _, _, _, _), .ptySelectPane(let id),
            .ptyAttach(let id, _, _, _, _, _):
            id
        case .ping, .unknown: nil
        }
    }

    /// The payload to encode (`{}` for ping, nil for `.unknown`).
    var payload: (any Encodable & Sendable)? {
        switch self {
        case .subscribe(let id), .unsubscribe(let id), .ptyDetach(let id), .ptySelectPane(let id):
            SessionRefPayload(sessionId: id)
        case .input(let id, let text): SessionInputPayload(sessionId: id, text: text)
        case .keys(let id, let keys): SessionKeysPayload(sessionId: id, keys: keys)
        case .ping: EmptyObject()
        case .ptyAttach(let id, let cols, let rows, let readOnly, let stream, let history):
            PtyAttachPayload(
                sessionId: id, cols: cols, rows: rows, readOnly: readOnly, stream: stream, history: history)
        case .ptyData(let id, let data): PtyDataPayload(sessionId: id, data: data)
        case .ptyResize(let id, let cols, let rows, let readOnly, let fit):
            PtyResizePayload(sessionId: id, cols: cols, rows: rows, readOnly: readOnly, fit: fit)
        case .unknown: nil
        }
    }
}
