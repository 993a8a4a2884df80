// CursesTerminal: the outer terminal as the app sees it, on top of the TUI's CursesSurface.
import CSupport
import ClientCore
import TUI

#if canImport(Glibc)
    import Glibc
#endif

/// The real terminal: size from TIOCGWINSZ, resizes and alert bytes through ncurses' surface.
final class CursesTerminal: OuterTerminal {
    let surface: CursesSurface
    let outputFD: Int32

    init(surface: CursesSurface, outputFD: Int32) {
        self.surface = surface
        self.outputFD = outputFD
    }

    func currentSize() -> GridSize {
        guard let size = TerminalSize.read(fd: outputFD) else { return surface.size }
        return GridSize(cols: size.cols, rows: size.rows)
    }

    func resize(to size: GridSize) {
        surface.resize(to: size)
    }

    func writeOuter(_ bytes: [UInt8]) {
        surface.writeOuter(bytes)
    }

    /// Gives the terminal back to the shell and stops the process (job control); once continued,
    /// takes the terminal again: program mode, the client's modes, a full repaint next frame.
    func suspend() {
        surface.suspend()
        TerminalGuard.stopSelf()
        writeRaw(TerminalReset.enterSequence)
        surface.resume()
    }

    /// Writes bytes to the terminal now (mode switches at start-up).
    func writeRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = write(outputFD, raw.baseAddress?.advanced(by: offset), raw.count - offset)
                if count <= 0 { break }
                offset += count
            }
        }
    }
}
