// CursesSurface against a real PTY: ncurses draws into the slave side, the bytes from the master
// side are fed to a real TerminalScreen (libvterm), and the emulated screen must show the frame.
// Keys written to the master must come back from `read` as AppKeys.

import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.serialized, .ownThread) struct CursesSurfaceTests {
    final class PTY {
        var master: Int32 = -1
        var slave: Int32 = -1
        let output: UnsafeMutablePointer<FILE>
        let input: UnsafeMutablePointer<FILE>

        init?(rows: UInt16, cols: UInt16) {
            var size = winsize(ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &slave, nil, nil, &size) == 0,
                let out = fdopen(slave, "w"), let inp = fdopen(dup(slave), "r")
            else { return nil }
            output = out
            input = inp
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        }

        /// Everything the program wrote so far.
        func drain() -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            for _ in 0..<200 {
                let n = Glibc.read(master, &buffer, buffer.count)
                if n > 0 {
                    bytes += buffer[0..<n]
                } else if bytes.isEmpty {
                    usleep(5000)
                } else {
                    break
                }
            }
            return bytes
        }

        deinit {
            fclose(output)
            fclose(input)
            close(master)
        }
    }

    @Test func framesReachARealTerminalIntactAndKeysComeBack() throws {
        let pty = try #require(PTY(rows: 12, cols: 60))
        let surface = CursesSurface(terminalType: "xterm-256color", output: pty.output, input: pty.input)
        defer { surface.stop() }
        #expect(surface.size == GridSize(cols: 60, rows: 12))
        #expect(surface.terminalColours >= 256)

        let state = SceneFixtures.state(size: surface.size)
        let renderer = Renderer(surface: surface, depth: .ansi256)
        renderer.render(state: state, screens: [:])
        let emulator = TerminalScreen(rows: 12, cols: 60)
        emulator.feed(pty.drain())
        let (expected, _) = renderer.frame(state: state, screens: [:])
        for row in 0..<12 {
            let wanted = expected.text().components(separatedBy: "\n")[row]
            #expect(
                emulator.text(row: row).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                    == wanted)
        }
        #expect(emulator.cell(row: 0, col: 1).bg == .indexed(236), "the header bar keeps its 256-colour background")

        #expect(surface.batchedFrameCounts.batched >= 1, "the frame went to the terminal in one write")
        let stats = renderer.render(state: state, screens: [:])
        #expect(!stats.committed)

        let keys = "j\u{1B}[A\u{1D}\u{1B}[200~pasted\u{1B}[201~"
        _ = keys.utf8.withContiguousStorageIfAvailable { Glibc.write(pty.master, $0.baseAddress, $0.count) }
        var got: [AppKey] = []
        for _ in 0..<50 where got.count < 4 {
            got += surface.read(timeoutMilliseconds: 50).compactMap { if case .key(let k) = $0 { k } else { nil } }
        }
        #expect(got == [.char("j"), .up, .ctrl("]"), .paste("pasted")])
    }

    /// 24-bit colour and the attributes ncurses has no name for reach the terminal exactly
    /// (read back through libvterm and the SGR rewrite), and ncurses never draws over them.
    @Test func truecolorAndEveryAttributeReachTheTerminal() throws {
        let pty = try #require(PTY(rows: 4, cols: 20))
        let surface = CursesSurface(terminalType: "xterm-256color", output: pty.output, input: pty.input)
        defer { surface.stop() }
        var frame = CellBuffer(size: GridSize(cols: 20, rows: 4))
        let attributes: [TextAttributes] = [.dim, .strike, .overline, .conceal, .italic, [.bold, .dim], .blink]
        for (col, attrs) in attributes.enumerated() {
            frame[1, col] = FrameCell(
                text: "x", style: Style(fg: .rgb(10, 20, UInt8(col)), bg: .rgb(200, 1, 2), attrs: attrs))
        }
        let compositor = Compositor(surface: surface)
        compositor.present(frame, cursor: CursorPlacement(row: 3, col: 5))
        _ = surface.read(timeoutMilliseconds: 0)
        let emulator = TerminalScreen(rows: 4, cols: 20)
        emulator.feed(pty.drain())
        let expected: [CellAttributes] = [.dim, .strike, .overline, .conceal, .italic, [.bold, .dim], .blink]
        for (col, attrs) in expected.enumerated() {
            let cell = emulator.cell(row: 1, col: col)
            #expect(cell.attrs == attrs, "column \(col)")
            #expect(cell.fg == .rgb(10, 20, UInt8(col)) && cell.bg == .rgb(200, 1, 2), "column \(col)")
        }
        #expect(emulator.cursor.row == 3 && emulator.cursor.col == 5)
    }
}
