// A RuntimeApp on fakes, kept whole for the path tests: the fake backend (streams opened, requests
// performed), the recording surface (what a frame shows) and the fake outer terminal (alerts,
// suspensions). One server, "local", online, with one running session whose tile is watched (or,
// on a server without pane streams, a picture).
import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport

@testable import ClientRuntime

final class RuntimeWorld {
    static let key = SessionKey(server: "local", sessionId: "00000000-0000-4000-8000-0000000000b1")
    static let size = GridSize(cols: 100, rows: 30)

    let app: RuntimeApp
    let backend = FakeBackend()
    let surface = RecordingSurface(size: RuntimeWorld.size)
    let terminal = FakeOuterTerminal(size: RuntimeWorld.size)
    private(set) var now: Duration = .seconds(1)

    /// `paneStreams`: what the server said about its streams (nil: nothing yet).
    init(paneStreams: Bool? = true) {
        app = RuntimeApp(
            state: AppState(servers: ["local"], now: Date(), size: Self.size), renderer: Renderer(surface: surface),
            terminal: terminal, network: backend, insideTmux: false)
        let session = AppSession(
            key: Self.key, projectName: "webapp", status: .running, ticketTitle: "Task", updatedAt: Date())
        send(events: [.app(.serverLink(server: "local", link: .online))])
        if let paneStreams { send(events: [.app(.serverStreams(server: "local", paneStreams: paneStreams))]) }
        send(events: [.app(.sessionsLoaded(server: "local", sessions: [session]))])
    }

    /// One loop batch of typed bytes, signals and posted events, 10 ms after the last.
    @discardableResult
    func send(input: [UInt8] = [], signals: [Int32] = [], events: [RuntimeEvent] = []) -> Bool {
        now += .milliseconds(10)
        return app.handle(LoopBatch(input: input, inputClosed: false, signals: signals, events: events), now: now)
    }

    /// Types `text` as the user's terminal sends it.
    func type(_ text: String) { send(input: Array(text.utf8)) }

    /// Output of the session's stream `stream`.
    func output(_ text: String, on stream: FakeBackend.Opened) {
        send(events: [.terminal(stream.key, generation: stream.generation, .bytes(Array(text.utf8)))])
    }

    /// Draws a frame; returns the surface's rows as text.
    @discardableResult
    func frame() -> [String] {
        app.render(now: now)
        return surface.text().components(separatedBy: "\n")
    }

    /// The stream opened last for the session.
    var latest: FakeBackend.Opened? { backend.opened.last { $0.key == Self.key } }

    /// The session's screen, if the runtime holds one.
    var screen: TerminalScreen? { app.screens[Self.key] }

    /// Attaches the session with Enter (it is selected) and returns its interactive stream; the
    /// stream reports that it attached, as a real one does.
    func attach() -> FakeBackend.Opened? {
        type("\r")
        guard app.state.attachedSession == Self.key, let stream = latest, !stream.readOnly else { return nil }
        send(events: [.terminal(stream.key, generation: stream.generation, .status(.attached(cols: 100, rows: 29)))])
        return stream
    }
}
