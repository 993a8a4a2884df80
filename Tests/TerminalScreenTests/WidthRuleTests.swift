// The one width rule against the C library itself, for every code point, and the feed path
// against the rule: what libvterm (through TextShaper's stand-ins) shows is what tmux 3.3a forms
// from the same output — widths from glibc's wcwidth, zero-width scalars joined to the cell
// before, ZWJ sequences in one cell, unprintable scalars dropped.

import CSupport
import TestSupport
import Testing

@testable import TerminalScreen

@Suite("Width rule: glibc, tmux and the screen agree", .ownThread)
struct WidthRuleTests {
    /// glibc's wcwidth for every code point in `locale`, nil when the locale is not installed.
    static func libcWidths(_ locale: String) -> [Int8]? {
        var widths = [Int8](repeating: 0, count: 0x11_0000)
        let status = widths.withUnsafeMutableBufferPointer {
            csupport_wcwidth_range(locale, 0, 0x11_0000, $0.baseAddress)
        }
        return status == 0 ? widths : nil
    }

    static let allScalars: [Unicode.Scalar] = (0..<UInt32(0x11_0000)).compactMap(Unicode.Scalar.init)

    @Test(arguments: ["C.UTF-8", "en_US.UTF-8"])
    func displayWidthIsWcwidthForEveryCodePoint(locale: String) throws {
        guard let widths = Self.libcWidths(locale) else {
            #expect(locale != "C.UTF-8", "C.UTF-8 must exist (glibc ≥ 2.35 has it built in)")
            return
        }
        var mismatches: [String] = []
        for scalar in Self.allScalars where TerminalScreen.displayWidth(of: scalar) != Int(widths[Int(scalar.value)]) {
            mismatches.append(String(scalar.value, radix: 16))
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, first: \(mismatches.prefix(10))")
        // Sanity: the table is glibc's Unicode one, not the "C" locale's (which answers −1).
        #expect(widths[0x1F9D1] == 2 && widths[0x301] == 0 && widths[0x4E00] == 2)
    }

    /// Every printable scalar lands in a cell of glibc's width, with its text intact.
    @Test func feedPathGivesEveryPrintableScalarItsWidth() throws {
        let widths = try #require(Self.libcWidths("C.UTF-8"))
        let printable = Self.allScalars.filter { $0.value >= 0xA0 && widths[Int($0.value)] > 0 }
        let screen = TerminalScreen(rows: 1, cols: 210, scrollbackLimit: 0)
        var mismatches: [String] = []
        var index = 0
        while index < printable.count {
            let batch = printable[index..<min(index + 100, printable.count)]
            index += batch.count
            screen.feed("\r\u{1B}[K" + String(String.UnicodeScalarView(batch)))
            var col = 0
            for scalar in batch {
                let cell = screen.cell(row: 0, col: col)
                let want = Int(widths[Int(scalar.value)])
                if cell.text != String(scalar) || Int(cell.width) != want {
                    mismatches.append("\(String(scalar.value, radix: 16)): \(cell.width) '\(cell.text)'")
                }
                col += want
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, first: \(mismatches.prefix(10))")
    }

    /// Every zero-width scalar joins the cell before it; every scalar glibc cannot print is dropped.
    @Test func feedPathJoinsZeroWidthAndDropsUnprintable() throws {
        let widths = try #require(Self.libcWidths("C.UTF-8"))
        let screen = TerminalScreen(rows: 1, cols: 120, scrollbackLimit: 0)
        var mismatches: [String] = []
        let zero = Self.allScalars.filter { $0.value >= 0xA0 && widths[Int($0.value)] == 0 && $0.value != 0x200D }
        for start in stride(from: 0, to: zero.count, by: 50) {
            let batch = zero[start..<min(start + 50, zero.count)]
            var input = "\r\u{1B}[K"
            for scalar in batch { input += "a" + String(scalar) }
            screen.feed(input)
            for (col, scalar) in batch.enumerated() where screen.cell(row: 0, col: col).text != "a" + String(scalar) {
                mismatches.append(String(scalar.value, radix: 16))
            }
        }
        let dropped = Self.allScalars.filter { $0.value >= 0xA0 && widths[Int($0.value)] < 0 }
        for start in stride(from: 0, to: dropped.count, by: 500) {
            let batch = dropped[start..<min(start + 500, dropped.count)]
            screen.feed("\r\u{1B}[Ka" + String(String.UnicodeScalarView(batch)) + "b")
            if screen.text(row: 0) != "ab" {
                mismatches.append("dropped batch from \(String(batch.first?.value ?? 0, radix: 16))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, first: \(mismatches.prefix(10))")
    }
}
