// Path (c): what the attached session's stream reports reaches the status line: reconnecting
// with its try, down (failed, or the session ended) with the reason, a late pong as "link in
// doubt"; back to attached, the words go, but a report of keys discarded meanwhile stays. A
// report of a replaced stream is dropped.
import ClientCore
import Foundation
import TUI
import Testing

@testable import ClientRuntime

@Suite struct StreamStatusRuntimeTests {
    /// The attach view's status line in a fresh frame.
    private static func statusLine(_ world: RuntimeWorld) throws -> String {
        try #require(world.frame().first { $0.contains("detach  S-PgUp scrollback") }, "no status line")
    }

    private static func report(_ status: PTYStatus, _ world: RuntimeWorld, _ stream: FakeBackend.Opened) {
        world.send(events: [.terminal(stream.key, generation: stream.generation, .status(status))])
    }

    @Test func reconnectingShowsItsTry() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        Self.report(.reconnecting(attempt: 2, maxAttempts: 10, retryAt: .zero), world, stream)
        #expect(try Self.statusLine(world).contains("reconnecting 2/10…"))
        Self.report(.attached(cols: 100, rows: 29), world, stream)
        #expect(try !Self.statusLine(world).contains("reconnecting"))
    }

    @Test func aStreamDownShowsWhy() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        Self.report(.failed(reason: "PTY_INVALID_PANE"), world, stream)
        #expect(try Self.statusLine(world).contains("stream failed: PTY_INVALID_PANE"))
        Self.report(.exited(code: 3), world, stream)
        #expect(try Self.statusLine(world).contains("session ended (exit 3)"))
    }

    @Test func aNewStreamIsConnectingUntilItReportsAttached() throws {
        let world = RuntimeWorld()
        world.type("\r")
        #expect(try Self.statusLine(world).contains("connecting…"), "the replaced tile stream's state is shown")
        let stream = try #require(world.latest)
        Self.report(.attached(cols: 100, rows: 29), world, stream)
        #expect(try !Self.statusLine(world).contains("connecting"))
    }

    @Test func aLatePongPutsTheLinkInDoubt() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        world.send(events: [
            .terminal(stream.key, generation: stream.generation, .late(silentFor: .milliseconds(4_500)))
        ])
        #expect(try Self.statusLine(world).contains("link in doubt: last contact 4 s ago"))
        world.send(events: [.terminal(stream.key, generation: stream.generation, .late(silentFor: nil))])
        #expect(try !Self.statusLine(world).contains("link in doubt"))
    }

    /// Keys held while the link was down are discarded when the new link attaches, just before
    /// the stream reports itself attached: the report stays on screen through that status.
    @Test func keysDiscardedWhileTheLinkWasDownAreReportedWhenItComesBack() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        Self.report(.reconnecting(attempt: 1, maxAttempts: 10, retryAt: .zero), world, stream)
        world.send(events: [.terminal(stream.key, generation: stream.generation, .heldInput(bytes: 26))])
        let pending = try Self.statusLine(world)
        #expect(pending.contains("26 bytes typed, pend"), "\(pending)")
        world.send(events: [
            .terminal(stream.key, generation: stream.generation, .unconfirmedInput(count: 3)),
            .terminal(stream.key, generation: stream.generation, .droppedInput(count: 26)),
            .terminal(stream.key, generation: stream.generation, .heldInput(bytes: 0)),
            .terminal(stream.key, generation: stream.generation, .status(.attached(cols: 100, rows: 29))),
        ])
        let screen = world.frame().joined(separator: "\n")
        #expect(
            screen.contains("26 bytes typed while the link was down or in doubt were discarded, not sent"), "\(screen)")
        let unwrapped = screen.replacingOccurrences(of: "\n ", with: "")
        #expect(unwrapped.contains("3 bytes typed just before the link dropped may not have arrived"), "\(screen)")
        #expect(try !Self.statusLine(world).contains("pending"))
    }

    @Test func aReplacedStreamsReportIsDropped() throws {
        let world = RuntimeWorld()
        let tile = try #require(world.latest)
        let stream = try #require(world.attach())
        Self.report(.reconnecting(attempt: 5, maxAttempts: 10, retryAt: .zero), world, tile)
        world.send(events: [.terminal(tile.key, generation: tile.generation, .late(silentFor: .seconds(1)))])
        let line = try Self.statusLine(world)
        #expect(!line.contains("reconnecting") && !line.contains("link in doubt"), "\(line)")
        #expect(
            world.app.state.streams[stream.key]?.status != .reconnecting(attempt: 5, maxAttempts: 10, retryAt: .zero))
    }
}
