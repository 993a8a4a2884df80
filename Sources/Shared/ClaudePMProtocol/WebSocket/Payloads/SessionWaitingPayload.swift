import Foundation

/// `session:waiting`: a subscribed session started or stopped waiting for input (edge-triggered).
public struct SessionWaitingPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Whether it waits now.
    public var waiting: Bool
    /// Why; omitted when nil.
    public var reason: WaitingReason?
    /// Which detector; omitted when nil.
    public var detectedBy: DetectionLayer?
    /// When.
    public var timestamp: Date

    /// Memberwise initializer.
    public init(
        sessionId: String, waiting: Bool, reason: WaitingReason? = nil, detectedBy: DetectionLayer? = nil,
        timestamp: Date
    ) {
        self.sessionId = sessionId
        self.waiting = waiting
        self.reason = reason
        self.detectedBy = detectedBy
        self.timestamp = timestamp
    }
}
