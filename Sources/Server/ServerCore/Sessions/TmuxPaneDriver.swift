// PaneDriver over the real tmux (the `Tmux` type): every call is an argv, never a shell string.
import ClaudePMProtocol
import Foundation

/// The production PaneDriver.
public struct TmuxPaneDriver: PaneDriver {
    /// The tmux server used.
    public let tmux: Tmux
    /// Pushed pane output and pane streams of the same server (tmux control mode).
    public let paneStreams: PaneStreams?

    /// A driver for `tmux`; the pane mirrors' images are kept in `images` (nil: not kept), and
    /// `sizeRecords` is the file that remembers the windows sized for interactive viewers until
    /// they are put back (nil: memory only).
    /// `journals` keeps every pane's output with its time (nil: no journal).
    public init(tmux: Tmux, images: PaneImageStore? = nil, sizeRecords: URL? = nil, journals: JournalStore? = nil) {
        self.tmux = tmux
        paneStreams = PaneStreams(tmux: tmux, images: images, sizeRecords: sizeRecords, journals: journals)
    }

    public func isAvailable() async -> Bool { await tmux.isAvailable() }

    public func hasSession(_ name: String) async -> Bool { await tmux.hasSession(name) }

    public func createPane(
        session: String, window: String?, cwd: String, argv: [String], env: [String: String]
    )
        async throws -> String
    {
        try await tmux.newPane(session: session, cwd: cwd, command: argv, environment: env).id
    }

    public func isPaneAlive(_ paneId: String) async -> Bool {
        guard let pane = await tmux.pane(paneId) else { return false }
        return !pane.isDead
    }

    public func livePaneIDs() async -> Set<String>? {
        guard let panes = try? await tmux.listPanes(session: nil) else { return nil }
        return Set(panes.filter { !$0.isDead }.map(\.id))
    }

    public func killPane(_ paneId: String) async throws { try await tmux.killPane(paneId) }

    public func sendLiteral(_ paneId: String, text: String, enter: Bool) async throws {
        try await tmux.sendLiteral(paneId, text: text, enter: enter)
    }

    public func sendKeyNames(_ paneId: String, keys: [String]) async throws {
        try await tmux.sendKeyNames(paneId, keys: keys)
    }

    public func sendBytes(_ paneId: String, bytes: [UInt8]) async throws {
        try await tmux.sendRawBytes(paneId, bytes: bytes)
    }

    public func capture(_ paneId: String, lines: Int) async throws -> [String] {
        var captured = try await tmux.capturePane(paneId, historyLines: lines, escapes: true)
        captured.append("")
        return captured
    }

    public func paneSummary(_ paneId: String) async -> PaneSummary? {
        guard let p = await tmux.pane(paneId), !p.isDead else { return nil }
        return PaneSummary(paneId: p.id, sessionName: p.sessionName, command: p.command, cwd: p.cwd, title: p.title)
    }

    public func listPanes() async -> [PaneSummary] {
        let panes = (try? await tmux.listPanes(session: nil)) ?? []
        return panes.filter { !$0.isDead }.map {
            PaneSummary(paneId: $0.id, sessionName: $0.sessionName, command: $0.command, cwd: $0.cwd, title: $0.title)
        }
    }

    public func selectAndZoom(_ paneId: String) async throws {
        try await tmux.selectPane(paneId)
        if !(try await tmux.isWindowZoomed(paneId)) { try await tmux.toggleZoom(paneId) }
    }

    public func setTitle(_ paneId: String, title: String) async throws {
        try await tmux.setPaneTitle(paneId, title: title)
    }

    public func scroll(_ paneId: String, action: ScrollAction) async throws {
        let inMode = try await tmux.isInMode(paneId)
        switch action {
        case .up, .down:
            if !inMode { try await tmux.enterCopyMode(paneId) }
            try await tmux.copyModeCommand(paneId, action == .up ? "halfpage-up" : "halfpage-down")
        case .enter:
            if !inMode { try await tmux.enterCopyMode(paneId) }
        case .exit:
            if inMode { try await tmux.copyModeCommand(paneId, "cancel") }
        case .other(let raw):
            throw TmuxError.invalidArgument("scroll action \(raw)")
        }
    }

    public func attachArgv(paneId: String, session: String, readOnly: Bool) -> [String] {
        tmux.attachArguments(session: session, paneID: paneId, readOnly: readOnly)
    }
}
