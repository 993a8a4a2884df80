// A deadline on a query: a connection whose server does not answer in time (a host gone without
// closing the socket, a network partition) is closed, so that the query fails as a lost
// connection and the engine or relay reconnects, instead of waiting for the operating system to
// give up on TCP (many minutes, with the store's lock held all along).
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` (collecting its rows); closes the connection if it has not completed within
    /// `deadline`, setting `timedOut` first.
    func query(
        _ query: PostgresQuery, logger: Logger, deadline: TimeAmount, timedOut: NIOLockedValueBox<Bool>
    ) -> EventLoopFuture<PostgresQueryResult> {
        let result = self.query(query, logger: logger)
        let timer = eventLoop.scheduleTask(in: deadline) { [self] in
            timedOut.withLockedValue { $0 = true }
            logger.warning(
                "PostgreSQL did not answer in time; closing the connection",
                metadata: ["seconds": "\(Double(deadline.nanoseconds) / 1e9)"])
            _ = close() as EventLoopFuture<Void>
        }
        result.whenComplete { _ in timer.cancel() }
        return result
    }
}
