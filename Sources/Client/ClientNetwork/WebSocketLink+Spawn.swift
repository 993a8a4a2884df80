// One place that starts a link task for the event socket: each owner tags a link with a
// generation and drops callbacks from links it already gave up on; this helper only wires the
// three callbacks to `WebSocketLink.run` on a task of their own (a PTY stream takes its
// DirectLink's events on the socket's loop instead).

import ClientCore
import Foundation
import NIOCore

extension WebSocketLink {
    /// What a link's owner hears: opened with a writer, a message, closed.
    struct Callbacks: Sendable {
        /// The handshake completed.
        var opened: @Sendable (LinkWriter) async -> Void
        /// A message arrived (already off the UI loop: decode here).
        var message: @Sendable (LinkMessage) async -> Void
        /// The link ended.
        var closed: @Sendable (LinkClose) async -> Void
    }

    /// Starts a task running one link to `server` and reporting to `callbacks`; cancel it to
    /// drop the link. `compress`: offer permessage-deflate (by default only off loopback).
    static func spawn(
        server: ServerConfig, apiKey: APIKey?, tls: ResolvedTLS?, compress: Bool? = nil,
        eventLoop: (any EventLoop)? = nil, query: [URLQueryItem] = [], callbacks: Callbacks
    ) -> Task<Void, Never> {
        Task {
            let close = await run(
                server: server, apiKey: apiKey, tls: tls, compress: compress, eventLoop: eventLoop, query: query
            ) { event in
                switch event {
                case .opened(let writer): await callbacks.opened(writer)
                case .message(let message): await callbacks.message(message)
                }
            }
            await callbacks.closed(close)
        }
    }
}
