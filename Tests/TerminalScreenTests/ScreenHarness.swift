// Shared helpers for the TerminalScreen tests (SwiftTerm harness style: tiny screens, escape
// strings in, cells out).

import TerminalScreen

/// A screen of `rows` × `cols` that has been fed `input`.
func makeScreen(rows: Int, cols: Int, _ input: String = "", scrollback: Int = 100) -> TerminalScreen {
    let screen = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: scrollback)
    screen.feed(input)
    return screen
}

/// Feeds `screen` lines made by `make(first, count)` in runs of `steps` lines (the counts that
/// cross a scrollback's limit once, then many times over), calling `check` after each run; returns
/// how many lines were fed.
@discardableResult
func feedInSteps(
    _ screen: TerminalScreen, _ make: (Int, Int) -> String,
    steps: [Int] = [1, 7, 3, 50, 2, 49, 51, 13, 100, 1, 1, 223], check: () -> Void
) -> Int {
    var fed = 0
    for step in steps {
        screen.feed(make(fed, step))
        fed += step
        check()
    }
    return fed
}

/// Every screen row's text, trailing blanks trimmed.
func lines(_ screen: TerminalScreen) -> [String] {
    (0..<screen.rows).map { screen.text(row: $0) }
}

/// The ESC character, for readable escape strings.
let esc = "\u{1B}"

/// Bytes as a string for readable failure messages.
func printable(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacingEscapes()
}

extension String {
    /// Shows ESC as `^[` and control bytes as `^X`.
    func replacingEscapes() -> String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar.value < 0x20 {
                result += "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
