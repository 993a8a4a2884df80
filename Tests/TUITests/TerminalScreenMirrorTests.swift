import ClientCore
import TUI
import TerminalScreen
import Testing

@Suite struct TerminalScreenMirrorTests {
    @Test func cropKeepsTheCursorAndNewestOutputInView() {
        let screen = TerminalScreen(rows: 40, cols: 120)
        screen.feed("\u{1B}[31;1Hfirst\r\nsecond\r\nthird")
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        let origin = mirror.cropOrigin(height: 10, width: 30)
        #expect(origin.row == 23)
        #expect(origin.col == 0)
        var frame = CellBuffer(size: GridSize(cols: 30, rows: 10))
        mirror.draw(into: &frame, rect: frame.bounds, originRow: origin.row, originCol: origin.col)
        #expect(frame.text().hasSuffix("first\nsecond\nthird"))
    }

    @Test func cropFollowsTheCursorToTheRight() {
        let screen = TerminalScreen(rows: 5, cols: 120)
        screen.feed(String(repeating: "x", count: 100) + "END")
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        let origin = mirror.cropOrigin(height: 5, width: 40)
        #expect(origin.col == 103 - 40 + 1)
        var frame = CellBuffer(size: GridSize(cols: 40, rows: 5))
        mirror.draw(into: &frame, rect: frame.bounds, originRow: origin.row, originCol: origin.col)
        #expect(frame.text().hasPrefix(String(repeating: "x", count: 36) + "END"))
    }

    @Test func onlyDamagedRowsAreMarkedStale() {
        let screen = TerminalScreen(rows: 20, cols: 40)
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        #expect(mirror.rowsDamagedLastUpdate == 20)
        mirror.update(from: screen)
        #expect(mirror.rowsDamagedLastUpdate == 0)
        screen.feed("\u{1B}[5;1Hhello")
        mirror.update(from: screen)
        #expect(mirror.rowsDamagedLastUpdate == 1)
        #expect(mirror.row(4).prefix(5).map(\.text).joined() == "hello")
        screen.resize(rows: 10, cols: 40)
        mirror.update(from: screen)
        #expect(mirror.rowsDamagedLastUpdate == 10)
    }

    @Test func wideCharactersAndColoursSurviveConversion() {
        let screen = TerminalScreen(rows: 2, cols: 10)
        screen.feed("\u{1B}[1;38;2;10;20;30m漢\u{1B}[0mx")
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        let row = mirror.row(0)
        #expect(row[0] == FrameCell(text: "漢", width: 2, style: Style(fg: .rgb(10, 20, 30), attrs: [.bold])))
        #expect(row[1].isContinuation)
        #expect(row[2].text == "x")
        var frame = CellBuffer(size: GridSize(cols: 3, rows: 1))
        mirror.draw(into: &frame, rect: Rect(x: 0, y: 0, width: 1, height: 1), originRow: 0, originCol: 0)
        #expect(frame[0, 0].text == " ", "a wide character cut by the tile edge becomes a blank")
    }
}
