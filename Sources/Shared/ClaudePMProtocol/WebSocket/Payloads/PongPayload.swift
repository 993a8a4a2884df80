import Foundation

/// `pong`: reply to `ping`.
public struct PongPayload: Sendable, Equatable, Codable {
    /// Server time.
    public var timestamp: Date

    /// Memberwise initializer.
    public init(timestamp: Date) {
        self.timestamp = timestamp
    }
}
