// `claudepm-bench generate-output`: what the TUI scenarios run inside their sessions (see
// OutputGenerator and ScreenPainter). Usable by hand too: `claudepm-bench generate-output --rate 64k`.
import ArgumentParser

/// Prints paced, stamped coloured output, or paints the screen (`--paint`).
struct GenerateOutputCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-output",
        abstract: "Print stamped coloured lines at a fixed rate (or paint the screen with --paint).")

    @Option(help: "Bytes per second; k and m suffixes are 1024 and 1024².") var rate = "64k"
    @Option(help: "The tag printed in every line (@<tag>:<stamp>).") var tag = 1
    @Option(help: "A file that always holds the newest stamp written.") var stampFile: String?
    @Option(help: "Stop after this many lines and print GEN-DONE-<tag>.") var lines: Int?
    @Flag(help: "Paint every row with its number and the terminal size; repaint on resize.") var paint = false

    func validate() throws {
        guard Self.parseRate(rate) != nil else { throw ValidationError("--rate: a number with an optional k or m") }
    }

    func run() throws {
        if paint { ScreenPainter.run() }
        let generator = OutputGenerator(
            bytesPerSecond: Self.parseRate(rate) ?? 65_536, tag: tag, stampFile: stampFile, lines: lines)
        generator.run()
    }

    /// "64k" → 65,536; "2m" → 2,097,152; "1000" → 1,000.
    static func parseRate(_ text: String) -> Int? {
        let lower = text.lowercased()
        let multiplier = lower.hasSuffix("k") ? 1024 : lower.hasSuffix("m") ? 1024 * 1024 : 1
        let digits = multiplier == 1 ? lower : String(lower.dropLast())
        guard let value = Int(digits), value > 0 else { return nil }
        return value * multiplier
    }
}
