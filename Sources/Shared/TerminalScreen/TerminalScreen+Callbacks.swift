// libvterm's C callbacks. They capture nothing; the `user` pointer is the screen's ScreenSink
// (unretained: the TerminalScreen owns the sink and frees libvterm before releasing it).

import CVTerm

extension TerminalScreen {
    static func sink(_ user: UnsafeMutableRawPointer?) -> ScreenSink? {
        guard let user else { return nil }
        return Unmanaged<ScreenSink>.fromOpaque(user).takeUnretainedValue()
    }

    static func installOutputCallback(_ vt: OpaquePointer, user: UnsafeMutableRawPointer) {
        vterm_output_set_callback(
            vt,
            { bytes, length, user in
                guard let bytes, let sink = TerminalScreen.sink(user) else { return }
                UnsafeRawBufferPointer(start: bytes, count: length).withMemoryRebound(to: UInt8.self) {
                    sink.output.append(contentsOf: $0)
                }
            }, user)
    }

    static func makeScreenCallbacks() -> UnsafeMutablePointer<VTermScreenCallbacks> {
        let callbacks = UnsafeMutablePointer<VTermScreenCallbacks>.allocate(capacity: 1)
        callbacks.initialize(to: VTermScreenCallbacks())
        // A rect with no rows still damages its start row: libvterm 0.1.4's ED 1 first erases
        // rows 0..<cursor row, which is empty on row 0, and its row-merging damage keeps that empty
        // rect's rows when the row-0 erase after it merges in (`ESC[1J` on row 0 came out as
        // rows 0..<0, and the row never redrew).
        callbacks.pointee.damage = { rect, user in
            let start = Int(rect.start_row)
            TerminalScreen.sink(user)?.damage.markRows(start..<max(Int(rect.end_row), start + 1))
            return 1
        }
        callbacks.pointee.moverect = { dest, src, user in
            guard let sink = TerminalScreen.sink(user) else { return 1 }
            sink.damage.markMove(
                destination: Int(dest.start_row)..<Int(dest.end_row), source: Int(src.start_row)..<Int(src.end_row),
                wholeWidth: dest.start_col == 0 && src.start_col == 0 && Int(dest.end_col) == sink.columns
                    && Int(src.end_col) == sink.columns)
            return 1
        }
        callbacks.pointee.settermprop = { prop, value, user in
            guard let value else { return 0 }
            TerminalScreen.sink(user)?.setProperty(prop, value.pointee)
            return 1
        }
        callbacks.pointee.bell = { user in
            TerminalScreen.sink(user)?.bellCount += 1
            return 1
        }
        callbacks.pointee.resize = { _, _, user in
            TerminalScreen.sink(user)?.damage.markFull()
            return 1
        }
        callbacks.pointee.sb_pushline = { cols, cells, user in
            guard let cells, let sink = TerminalScreen.sink(user) else { return 0 }
            sink.pushLine(cols: Int(cols), cells: cells)
            return 1
        }
        callbacks.pointee.sb_popline = { cols, cells, user in
            guard let cells, let sink = TerminalScreen.sink(user) else { return 0 }
            return sink.popLine(cols: Int(cols), into: cells) ? 1 : 0
        }
        return callbacks
    }
}
