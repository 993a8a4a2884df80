// A deadline on a query: a connection whose server does not answer in time (a host gone without
// closing the socket, a network partition) is closed, so that the query fails as a lost
// connection and the engine or relay reconnects, instead of waiting for the operating system to
// give up on TCP (many minutes, with the store's lock held all along). A query still unanswered
// when its connection has closed fails too (AnswerWatchdog).
import Foundation
import Logging
import NIOCore
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` (collecting its rows); fails it with `AnswerWatchdog.Unanswered` if the
    /// connection closes before it is answered, or if it has not completed within `deadline`
    /// (then the connection is closed).
    func query(
        _ query: PostgresQuery, logger: Logger, deadline: TimeAmount
    ) -> EventLoopFuture<PostgresQueryResult> {
        AnswerWatchdog.watch(
            self.query(query, logger: logger), on: eventLoop, deadline: deadline,
            isClosed: { [self] in isClosed },
            onDeadline: { [self] in
                logger.warning(
                    "PostgreSQL did not answer in time; closing the connection",
                    metadata: ["seconds": "\(Double(deadline.nanoseconds) / 1e9)"])
                _ = close() as EventLoopFuture<Void>
            })
    }
}
