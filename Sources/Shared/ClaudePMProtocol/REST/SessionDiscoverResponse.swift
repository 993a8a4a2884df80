/// `POST /api/sessions/discover`: panes adopted as new sessions, and panes already known.
public struct SessionDiscoverResponse: Sendable, Equatable, Codable {
    /// `"Discovered N new panes"`.
    public var message: String
    /// Newly adopted panes.
    public var discoveredSessions: [DiscoveredSession]
    /// Panes that already had a session.
    public var existingPanes: [ExistingPane]
    /// Panes scanned.
    public var totalPanesScanned: Int
    /// Projects scanned.
    public var projectsChecked: Int

    /// Memberwise initializer.
    public init(
        message: String, discoveredSessions: [DiscoveredSession], existingPanes: [ExistingPane],
        totalPanesScanned: Int, projectsChecked: Int
    ) {
        self.message = message
        self.discoveredSessions = discoveredSessions
        self.existingPanes = existingPanes
        self.totalPanesScanned = totalPanesScanned
        self.projectsChecked = projectsChecked
    }

    enum CodingKeys: String, CodingKey {
        case message
        case discoveredSessions = "discovered_sessions"
        case existingPanes = "existing_panes"
        case totalPanesScanned = "total_panes_scanned"
        case projectsChecked = "projects_checked"
    }
}
