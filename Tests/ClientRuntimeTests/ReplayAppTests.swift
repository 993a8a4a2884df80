// The replay viewer on the loop's contract, without a terminal: keys move the player and the
// replayed screen follows; going back starts from a keyframe and shows exactly the screen a
// fresh emulator fed up to that point shows.
import ClientCore
import Foundation
import TUI
import TerminalScreen
import Testing

@testable import ClientRuntime

@Suite struct ReplayAppTests {
    static func keys(_ text: String, at now: Duration) -> LoopBatch<RuntimeEvent> {
        LoopBatch(
            inputChunks: [InputChunk(bytes: Array(text.utf8), at: now)], inputClosed: false, signals: [], events: [])
    }

    static func text(_ mirror: TerminalScreenMirror, row: Int) -> String {
        var frame = CellBuffer(size: GridSize(cols: mirror.size.cols, rows: 1))
        mirror.draw(
            into: &frame, rect: Rect(x: 0, y: 0, width: mirror.size.cols, height: 1), originRow: row, originCol: 0)
        return frame.text().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func keysStepThroughBurstsAndBackThroughKeyframes() throws {
        // A first burst, then over a keyframe's worth of numbered lines in a second, then a last line.
        var events: [Asciicast.Event] = [.init(time: 0, kind: .output("first\r\n"))]
        let line = String(repeating: "x", count: 70)
        for n in 0..<5000 { events.append(.init(time: 1 + Double(n) / 100_000, kind: .output("\(n) \(line)\r\n"))) }
        events.append(.init(time: 3, kind: .output("\u{1B}[2J\u{1B}[Hlast")))
        let cast = Asciicast(cols: 80, rows: 10, startedAt: nil, title: nil, events: events)
        let app = ReplayApp(cast: cast, title: "t", terminal: nil, theme: Theme(), size: GridSize(cols: 80, rows: 11))
        var now = Duration.seconds(1)
        _ = app.handle(Self.keys("l", at: now), now: now)
        #expect(app.player.position == 1 && Self.text(app.screen, row: 0) == "first")
        now += .milliseconds(50)
        _ = app.handle(Self.keys("l", at: now), now: now)
        #expect(app.player.position == 5001)
        #expect(Self.text(app.screen, row: 8) == "4999 \(line)")
        now += .milliseconds(50)
        _ = app.handle(Self.keys("G", at: now), now: now)
        #expect(Self.text(app.screen, row: 0) == "last")
        // Back, to a point past the first keyframe: the same screen as a fresh emulator's.
        now += .milliseconds(50)
        _ = app.handle(Self.keys("h", at: now), now: now)
        #expect(app.player.position == 5001)
        let fresh = TerminalScreen(rows: 10, cols: 80)
        for event in events.prefix(5001) { if case .output(let text) = event.kind { fresh.feed(text) } }
        #expect(app.screen.size == GridSize(cols: 80, rows: 10))
        for row in 0..<10 {
            #expect(Self.text(app.screen, row: row) == fresh.text(row: row).trimmingCharacters(in: .whitespaces))
        }
        now += .milliseconds(50)
        _ = app.handle(Self.keys("q", at: now), now: now)
        #expect(app.isFinished)
    }
}
