// libvterm 0.1.4 loops forever on REP (`CSI n b`) when no glyph has been printed yet (its repeat
// loop advances by the last glyph's width, 0). The input guard replaces every REP it sees, so a
// REP reached libvterm only where the guard and libvterm parsed an escape sequence differently
// (found by the libFuzzer `terminal` target; inputs in Fuzz/crashes/terminal/timeout-*). Each
// feed runs on a thread of its own with a deadline, so a returning hang fails instead of
// freezing the suite.

import Testing

@testable import TerminalScreen

@Suite("libvterm hangs", .ownThread)
struct VTermHangTests {
    /// What a screen shows after a feed: its rows, cursor and title.
    struct Shown: Sendable, Equatable {
        var lines: [String]
        var row: Int
        var col: Int
        var title: String
    }

    /// Feeds `pieces` to a new `rows` × `cols` screen on a thread of its own; nil if it hangs.
    static func show(rows: Int, cols: Int, _ pieces: [[UInt8]]) -> Shown? {
        Deadline.run {
            let screen = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 20)
            for piece in pieces { screen.feed(piece) }
            return Shown(lines: lines(screen), row: screen.cursor.row, col: screen.cursor.col, title: screen.title)
        }
    }

    /// Sequences where libvterm and xterm/tmux disagree, and what tmux 3.3a shows for them.
    @Test(arguments: [
        // After intermediates, `[` is a final byte (xterm, tmux); libvterm started a CSI: REP.
        ("\(esc)\(esc)&[3bok", "3bok", ""),
        ("ab\(esc)([2bok", "ab2bok", ""),
        // DEL inside an escape sequence is ignored by all three: this REP is real.
        ("x\(esc)\u{7F}[3bok", "xxxxok", ""),
        ("\(esc)\u{7F}[3bok", "ok", ""),
        ("x\(esc)&\u{7F}[3bok", "x3bok", ""),
        // Nor does `]` or `P` after intermediates start an OSC or a DCS.
        ("x\(esc)&]0;tt\u{7}ok", "x0;ttok", ""),
        ("x\(esc)&P1$r\(esc)\\ok", "x1$rok", ""),
    ])
    func escapeSequencesParsedLikeTmux(input: String, shows: String, title: String) throws {
        let shown = try #require(Self.show(rows: 2, cols: 10, [Array(input.utf8)]), "feed did not return")
        #expect(shown.lines == [shows, ""])
        #expect(shown.title == title)
        #expect(shown.row == 0 && shown.col == shows.count)
    }

    /// The same sequences at the smallest sizes, split at every byte: no hang, cursor inside,
    /// and the same screen as fed whole.
    @Test(arguments: [(1, 1), (1, 2), (2, 1), (3, 5)])
    func escapeSequencesOnTinyScreens(rows: Int, cols: Int) throws {
        let input = Array("\(esc)&[3b\(esc)\u{7F}[3b\(esc)&\u{7F}[2b\(esc)&]0;t\u{7}".utf8)
        let whole = try #require(Self.show(rows: rows, cols: cols, [input]), "feed did not return")
        #expect(whole.row < rows && whole.col < cols)
        for split in 1..<input.count {
            let pieces = Self.show(rows: rows, cols: cols, [Array(input[..<split]), Array(input[split...])])
            #expect(pieces == whole, "split at \(split)")
        }
    }

    /// The inputs the fuzzer saved (payload after the three bytes choosing size, split and resize),
    /// at the size that hung. Fed whole and in two pieces: both return, with the cursor inside and
    /// the same screen.
    @Test(arguments: Self.fuzzInputs)
    func fuzzInputsReturn(name: String, rows: Int, cols: Int, payload: [UInt8]) throws {
        let whole = try #require(Self.show(rows: rows, cols: cols, [payload]), "\(name) did not return")
        #expect(whole.row < rows && whole.col < cols)
        let half = payload.count / 2
        let pieces = Self.show(rows: rows, cols: cols, [Array(payload[..<half]), Array(payload[half...])])
        #expect(pieces == whole)
    }

    static let fuzzInputs: [(String, Int, Int, [UInt8])] = [
        (
            "timeout-7f3a62cc", 1, 1,
            [
                0x1B, 0x26, 0x5B, 0x33, 0x62, 0x0D, 0xA7, 0x0A, 0x1B, 0x23, 0x37, 0x1B, 0x01, 0x00, 0x00, 0x21,
                0x5B, 0x3F, 0x36, 0x68, 0x1B, 0x5B, 0x6D, 0x3B, 0xCB, 0x3B, 0xCB, 0x72, 0xE5, 0xA4, 0xDF, 0xC6,
                0xBC, 0x64, 0xCC, 0xD7, 0x26, 0xC2, 0xC2, 0x54, 0x9B,
            ]
        ),
        (
            "timeout-10154db3", 3, 5,
            [0x03, 0x03, 0x1B, 0x5B, 0x1B, 0xDD, 0x5B, 0x3B, 0x62, 0x03, 0x1B, 0x5B, 0x30, 0x00, 0x78]
        ),
        (
            "timeout-6f647849", 2, 1,
            [
                0x1B, 0xFE, 0xFF, 0x5B, 0x32, 0x62, 0x0D, 0x40, 0x0A, 0x72, 0x33, 0x62, 0x0D, 0x40, 0x0A, 0x72,
                0x40, 0xE6, 0x1A, 0x0D, 0x40, 0x32, 0x1B, 0x33, 0x32, 0x6D, 0x1B, 0x33, 0x32, 0xED, 0x72, 0x65,
                0x41, 0x1B, 0x5B, 0x32, 0x2C, 0x41, 0x91, 0x61, 0x0A, 0x72, 0x00, 0x66, 0x65, 0x31, 0x36, 0x6D,
                0x72, 0x65, 0x41, 0x1B, 0x5B, 0x32, 0x6D, 0x53, 0x74, 0x72, 0x69, 0x6E, 0x93, 0x31, 0x03, 0x72,
                0x65, 0x41, 0x1B, 0x5B, 0x32, 0x34, 0x41, 0x65, 0x72, 0x55, 0x04,
            ]
        ),
        (
            "timeout-78b76a22", 24, 80,
            [
                0x1B, 0xA2, 0x5B, 0x33, 0x62, 0x0D, 0xFF, 0xF1, 0xE4, 0xE4, 0xE4, 0xE4, 0xE4, 0xE4, 0xFF, 0xFF,
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF1, 0xF1, 0xF1, 0xF1, 0x1B, 0x5B, 0x6D, 0x3B, 0xCB, 0x72,
                0xBE, 0x5B, 0x39, 0x39, 0x43, 0x9B, 0x33, 0x31, 0x62, 0x0D, 0x0A, 0x26, 0x1B, 0x23, 0xFF, 0x5B,
                0xFF,
            ]
        ),
        (
            "timeout-af82c7d8", 24, 80,
            [
                0x1B, 0x5B, 0x1B, 0x0A, 0x76, 0x1B, 0x72, 0x1B, 0x1B, 0x72, 0x1B, 0x5B, 0x1B, 0xFF, 0xFF, 0xFF,
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x5B, 0x33, 0x62, 0x1B, 0x4B, 0x3F, 0x0A,
                0x76, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1B, 0x72, 0x1B, 0x5B, 0x80,
                0x03, 0x1B,
            ]
        ),
        (
            "timeout-cc9860f7", 1, 1,
            [
                0x1B, 0xE0, 0x28, 0x5B, 0x33, 0x62, 0x0D, 0x33, 0x62, 0x0D, 0x0A, 0x1B, 0x1F, 0x39, 0x00, 0x1F,
                0x1F, 0x1F, 0x1F, 0x1F, 0xE5, 0xE0, 0xE0, 0xE0, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F,
                0x1F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFB, 0x1F, 0x1F,
            ]
        ),
        (
            "timeout-e904c71e", 24, 80,
            [
                0xE6, 0xBD, 0xCC, 0x81, 0x0D, 0x0A, 0x1B, 0x2D, 0xE6, 0xBD, 0xCC, 0x81, 0x0D, 0x01, 0x00, 0x02,
                0xB7, 0x00, 0x00, 0x2D, 0xE6, 0xBD, 0xCC, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0A, 0x1B, 0x5B, 0x34,
                0x4A, 0x1B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x5B, 0x36, 0x62, 0x0D, 0x0A, 0x1B, 0x0A, 0x1B, 0x5B,
                0x34, 0x4A, 0x1B, 0x5B, 0x36, 0x62, 0x4F, 0x1B, 0x5B, 0x01, 0x00, 0x00, 0xFE, 0x33, 0x4A, 0xBD,
                0x1B, 0x5B, 0x36, 0xBF,
            ]
        ),
    ]
}
