// A server without pane streams through the runtime (issue 35): its tile opens no terminal stream
// and shows the latest `session:output` picture; Enter opens a plain attach (no pane stream asked
// for) at the terminal's size, pictures that arrive meanwhile leave the attached screen alone, and
// leaving closes that stream (its detach ends the tmux client) and shows the picture again.
import ClientCore
import Foundation
import Testing

@testable import ClientRuntime

@Suite struct PictureTileRuntimeTests {
    static let lines = ["\u{1B}[1mfirst line\u{1B}[0m", "\u{1B}[32m? for shortcuts\u{1B}[0m", ""]

    @Test func aTileOfAServerWithoutPaneStreamsOpensNoStreamAndShowsThePicture() throws {
        let world = RuntimeWorld(paneStreams: false)
        #expect(world.backend.opened.isEmpty)
        #expect(world.frame().contains { $0.contains("no snapshot yet") })
        world.send(events: [.picture(RuntimeWorld.key, lines: Self.lines)])
        let rows = world.frame()
        #expect(rows.contains { $0.contains("first line") }, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("? for shortcuts") })
        #expect(rows.contains { $0.contains("snapshot · changed now") })
        let screen = try #require(world.screen)
        #expect(screen.rows == 2 && screen.cols == 15)
        #expect(world.backend.opened.isEmpty, "a picture tile opens no stream")
        // The runtime refuses a tile stream there even if one is asked for.
        world.app.perform(.watch(RuntimeWorld.key, .default))
        #expect(world.backend.opened.isEmpty)
    }

    @Test func aServerThatHasNotSaidGetsNoStreamAndPicturesWaitForIt() {
        let world = RuntimeWorld(paneStreams: nil)
        world.send(events: [.picture(RuntimeWorld.key, lines: Self.lines)])
        #expect(world.backend.opened.isEmpty)
        #expect(world.screen == nil)
        world.send(events: [.app(.serverStreams(server: "local", paneStreams: false))])
        #expect(world.backend.opened.isEmpty)
        #expect(world.frame().contains { $0.contains("first line") })
    }

    @Test func enterAttachesATmuxClientAtTheTerminalSizeAndLeavingClosesIt() throws {
        let world = RuntimeWorld(paneStreams: false)
        world.send(events: [.picture(RuntimeWorld.key, lines: Self.lines)])
        let stream = try #require(world.attach())
        #expect(world.backend.opened.count == 1)
        #expect(!stream.paneStream, "no pane stream is asked of a server that has none")
        #expect(stream.size == GridSize(cols: 100, rows: 29))
        world.output("\u{1B}[2J\u{1B}[Hthe tmux client's view", on: stream)
        world.send(events: [.picture(RuntimeWorld.key, lines: ["a newer picture", ""])])
        #expect(world.frame().contains { $0.contains("the tmux client's view") })
        #expect(!world.frame().contains { $0.contains("a newer picture") })
        world.type("\u{1D}")
        #expect(world.app.state.page == .sessions)
        #expect(stream.channel.closed, "leaving the attach closes its stream: the server's tmux client goes")
        #expect(world.backend.opened.count == 1, "no tile stream replaces it")
        let rows = world.frame()
        #expect(rows.contains { $0.contains("a newer picture") }, "\(rows.joined(separator: "\n"))")
    }

    @Test func thePainterMeasuresTextNotEscapesAndKeepsTheNewestRows() {
        #expect(PicturePainter.columns(of: "\u{1B}[38;2;1;2;3mab\u{1B}[0m") == 2)
        #expect(PicturePainter.columns(of: "\u{1B}]8;;http://x\u{07}link\u{1B}]8;;\u{1B}\\") == 4)
        #expect(PicturePainter.columns(of: "a\tb") == 9)
        #expect(PicturePainter.columns(of: "日本") == 4)
        let many = (0..<800).map { "line \($0)" } + ["", ""]
        let layout = PicturePainter.layout(many)
        #expect(layout.rows == PicturePainter.maxRows)
        #expect(layout.cols == 8)
        #expect(layout.bytes.contains("line 799") && !layout.bytes.contains("line 299\r"))
        #expect(PicturePainter.layout([]).rows == 1)
    }
}
