// The discover response model (the other REST models are built in Wire.swift).
import ClaudePMProtocol
import ServerCore

extension Wire {
    /// The discover response.
    static func discover(_ r: DiscoverResult) -> SessionDiscoverResponse {
        SessionDiscoverResponse(
            message: "Discovered \(r.discovered.count) new panes",
            discoveredSessions: r.discovered.map {
                DiscoveredSession(
                    sessionId: $0.sessionId, projectId: $0.projectId, projectName: $0.projectName,
                    paneId: $0.pane.paneId, paneTitle: $0.pane.title, command: $0.pane.command, cwd: $0.pane.cwd)
            },
            existingPanes: r.existing.map {
                ExistingPane(
                    paneId: $0.pane.paneId, sessionId: $0.sessionId, command: $0.pane.command, cwd: $0.pane.cwd)
            },
            totalPanesScanned: r.panesScanned, projectsChecked: r.projectsChecked)
    }
}
