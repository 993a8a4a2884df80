import Foundation

/// `ai:analysis_status`: progress of an AI analysis (broadcast).
public struct AIAnalysisStatusPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Ticket UUID; omitted when nil.
    public var ticketId: String?
    /// Kind of analysis.
    public var analysisType: AnalysisType
    /// Progress.
    public var status: AnalysisStatus
    /// When.
    public var timestamp: Date
    /// Failure text; omitted when nil.
    public var error: String?

    /// Memberwise initializer.
    public init(
        sessionId: String, ticketId: String? = nil, analysisType: AnalysisType, status: AnalysisStatus, timestamp: Date,
        error: String? = nil
    ) {
        self.sessionId = sessionId
        self.ticketId = ticketId
        self.analysisType = analysisType
        self.status = status
        self.timestamp = timestamp
        self.error = error
    }
}
