// Swift's Duration as SwiftNIO's TimeAmount (postgres-nio's connect timeout), and either in seconds
// (for messages and deadlines).
import Foundation
import NIOCore

extension Duration {
    /// This duration as a NIO TimeAmount (nanosecond precision, saturating).
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .nanoseconds(seconds < 0 ? .min : .max) }
        return .nanoseconds(whole &+ attoseconds / 1_000_000_000)
    }

    /// The duration in seconds, as a Double.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension TimeAmount {
    /// The amount in seconds, as a Double.
    var seconds: Double { Double(nanoseconds) / 1e9 }
}
