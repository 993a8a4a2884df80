// `claudepm replay` shows a recording's final screen exactly as asciinema's own player does: a
// program that draws with colours (256 and truecolor), attributes, DEC line drawing, wide
// characters, a scroll region and erases with a background colour is recorded with `asciinema
// rec`; the file is played by `asciinema play` in one tmux pane and opened in `claudepm replay`
// (then G, the end) in another of the same size plus its status line; the two panes must be
// equal cell for cell, characters and attributes. `capture-pane` omits cells past a line's last
// written character, so every erased-with-background row ends in text, which puts its erased
// cells before that last character where the capture sees them. tmux keeps a cell drawn in the
// DEC graphics set as its ASCII letter with that set (the capture writes SO, `lqqk`, SI), and a
// cell drawn as the Unicode box character as that character: a person sees the same `┌──┐`, so
// the comparison reads both the same way. Skipped without asciinema.
import Foundation
import TestSupport
import Testing

@Suite(
    "Replay end to end",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/asciinema"), "needs asciinema (apt)"))
struct ReplayEndToEndTests {
    static let program = #"""
        printf '\033[2J\033[H\033[1;38;5;208mheader\033[0m \033[4munder\033[24m \033[7mreverse\033[27m\n'
        printf '\033[44mblue erased\033[K\033[60Gend\033[0m\n'
        printf '\033(0lqqqqwqqqqk\033(B\n\033(0x    x    x\033(B\n\033(0mqqqqvqqqqj\033(B\n'
        printf '\033[38;2;215;119;87m\xe2\x94\x82 truecolor \xe2\x94\x82\033[0m \xe6\xbc\xa2\xe5\xad\x97 wide\n'
        sleep 0.3
        printf '\033[10;14r\033[14H'
        for n in 1 2 3 4 5 6 7; do printf 'scrolled %s\n' $n; done
        printf '\033[r\033[20H\033[42;30m green \033[0m\033[2K\033[43m\033[20;30Hyellow\033[0m\n'
        printf '\033[22Hdone\n'
        """#

    /// The DEC special graphics letters the recording uses, as the characters they draw.
    static let graphics: [Character: Character] = [
        "l": "┌", "k": "┐", "m": "└", "j": "┘", "q": "─", "x": "│", "w": "┬", "v": "┴", "t": "├", "u": "┤", "n": "┼",
    ]

    /// A capture with its runs in the DEC graphics set (SO … SI) written as Unicode box characters
    /// (the set carries over line ends: the capture shifts only where it changes).
    static func graphicsAsUnicode(_ capture: String) -> String {
        var shifted = false
        var inEscape = false
        var result = ""
        for character in capture {
            if inEscape {
                result.append(character)
                if character != "[", let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) {
                    inEscape = false
                }
                continue
            }
            switch character {
            case "\u{1B}":
                inEscape = true
                result.append(character)
            case "\u{0E}": shifted = true
            case "\u{0F}": shifted = false
            default: result.append(shifted ? graphics[character] ?? character : character)
            }
        }
        return result
    }

    @Test func theFinalScreenEqualsAsciinemasOwn() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-replay-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("draw.sh")
        try Data(Self.program.utf8).write(to: script)
        let cast = directory.appendingPathComponent("draw.cast")
        let environment = [
            "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": directory.path, "LANG": "C.UTF-8",
            "COLORTERM": "truecolor",
        ]
        let recorded = try await Subprocess.run(
            [
                "/usr/bin/asciinema", "rec", "-q", "--cols", "80", "--rows", "24", "-c", "bash \(script.path)",
                cast.path,
            ], environment: environment)
        try #require(recorded.status == 0, "asciinema rec failed: \(recorded.output)")

        try await stopping(
            TmuxHarness.start(
                command: ["/bin/sh", "-c", "asciinema play \(cast.path); echo; sleep 600"], cols: 80, rows: 24,
                environment: environment)
        ) { player in
            try await stopping(
                TmuxHarness.start(
                    command: [Binaries.path("claudepm"), "replay", cast.path], cols: 80, rows: 25,
                    environment: environment)
            ) { viewer in

                let played = await player.waitForScreen(timeout: 60) { $0.contains("done") }
                try #require(played.ok, "asciinema did not play the recording:\n\(played.screen)")
                let opened = await viewer.waitForScreen(timeout: 60) { $0.contains("draw.cast") }
                try #require(opened.ok, "claudepm replay did not open:\n\(opened.screen)")
                let ended = try await viewer.press("G", timeout: 30) { $0.contains("done") }
                try #require(ended.ok, "G did not show the final screen:\n\(ended.screen)")

                let expected = Self.graphicsAsUnicode(await player.screenWithAttributes())
                    .split(separator: "\n", omittingEmptySubsequences: false)
                let shown = await viewer.screenWithAttributes().split(separator: "\n", omittingEmptySubsequences: false)
                for row in 0..<22 {
                    let want = row < expected.count ? String(expected[row]) : ""
                    let got = row < shown.count ? String(shown[row]) : ""
                    #expect(
                        got == want,
                        "row \(row) differs:\n  asciinema: \(want.debugDescription)\n  claudepm:  \(got.debugDescription)"
                    )
                }
                let quit = try await viewer.press("q", timeout: 30) { !$0.contains("draw.cast") }
                #expect(quit.ok, "q did not leave the viewer:\n\(quit.screen)")
            }
        }
    }
}
