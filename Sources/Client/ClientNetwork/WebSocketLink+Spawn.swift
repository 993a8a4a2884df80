// One place that starts a link task for the two socket owners (EventSocket, PTYConnection).
// Each owner tags a link with a generation and drops callbacks from links it already gave up on;
// this helper only wires the three callbacks to `WebSocketLink.run`, or, for a link without
// compression, to a `DirectLink` whose events reach the callbacks in order through one stream.
// WSClient's bootstrap allows half-closed sockets, so a peer that reads the upgrade request and
// closes (a tunnel or proxy whose backend is down) leaves its handshake waiting for the open
// timeout; a DirectLink sees the close and fails the attempt at once.

import ClientCore
import Foundation
import NIOCore
import NIOPosix

extension WebSocketLink {
    /// What a link's owner hears: opened with a writer, a message, closed.
    struct Callbacks: Sendable {
        /// The handshake completed.
        var opened: @Sendable (LinkWriter) async -> Void
        /// A message arrived (already on the socket's task: decode here, not on the UI loop).
        var message: @Sendable (LinkMessage) async -> Void
        /// The link ended.
        var closed: @Sendable (LinkClose) async -> Void
    }

    /// Starts a task running one link to `server` and reporting to `callbacks`; cancel it to
    /// drop the link. `compress`: offer permessage-deflate. `onSocketLoop`: the socket and the
    /// task share one event loop (`EventLoopTaskExecutor`), so frames are taken where they are
    /// read; for streams of many small frames whose handling never blocks (a PTY stream), not
    /// for the event socket, whose large lists would hold up the other sockets of that loop.
    static func spawn(
        server: ServerConfig, apiKey: APIKey?, tls: ResolvedTLS?, compress: Bool = true, onSocketLoop: Bool = false,
        eventLoop: (any EventLoop)? = nil, query: [URLQueryItem] = [], callbacks: Callbacks
    ) -> Task<Void, Never> {
        let loop = eventLoop ?? MultiThreadedEventLoopGroup.singleton.next()
        guard compress else {
            return spawnDirect(server: server, apiKey: apiKey, tls: tls, loop: loop, query: query, callbacks)
        }
        let executor = onSocketLoop ? EventLoopTaskExecutor(loop: loop) : nil
        return Task(executorPreference: executor) {
            let close = await run(
                server: server, apiKey: apiKey, tls: tls, compress: compress, eventLoop: loop, query: query
            ) { event in
                switch event {
                case .opened(let writer): await callbacks.opened(writer)
                case .message(let message): await callbacks.message(message)
                }
            }
            await callbacks.closed(close)
        }
    }

    /// A step of a DirectLink, as its owner hears it.
    private enum DirectStep: Sendable {
        case opened(LinkWriter)
        case message(LinkMessage)
        case closed(LinkClose)
    }

    /// A DirectLink whose events (on the socket's loop) reach `callbacks` on a task, in order.
    private static func spawnDirect(
        server: ServerConfig, apiKey: APIKey?, tls: ResolvedTLS?, loop: any EventLoop, query: [URLQueryItem],
        _ callbacks: Callbacks
    ) -> Task<Void, Never> {
        let (steps, continuation) = AsyncStream<DirectStep>.makeStream()
        let events = DirectLink.Events(
            opened: { continuation.yield(.opened($0)) },
            message: { continuation.yield(.message($0)) },
            closed: {
                continuation.yield(.closed($0))
                continuation.finish()
            })
        let handle = DirectLink.start(
            server: server, apiKey: apiKey, tls: tls, loop: loop, query: query, events: events)
        return Task {
            await withTaskCancellationHandler {
                for await step in steps {
                    switch step {
                    case .opened(let writer): await callbacks.opened(writer)
                    case .message(let message): await callbacks.message(message)
                    case .closed(let close): await callbacks.closed(close)
                    }
                }
            } onCancel: {
                handle.cancel()
            }
        }
    }
}
