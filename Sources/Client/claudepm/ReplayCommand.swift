// `claudepm replay FILE`: opens an asciicast v2 recording (one `claudepm export` wrote, or
// asciinema's) in the replay viewer. No server is involved. A file that is not asciicast v2 is
// refused with status 65; lines that are not valid events are left out and counted on the
// status line.

import ArgumentParser
import ClientCore
import ClientRuntime
import Foundation

struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Open an asciicast recording in the replay viewer.",
        discussion: """
            Plays an asciicast v2 file (from claudepm export, or asciinema rec) in the terminal.

            Keys: space play/pause · h/l or ←/→ previous/next burst of output · ,/. one event ·
            [/] previous/next marker · g/G start/end · +/- speed · q or Esc quit.

            Examples:
              claudepm export CSM-001 --since 30m > work.cast
              claudepm replay work.cast
            """)

    @Argument(help: "The recording (asciicast v2).")
    var file: String

    @Flag(name: .long, help: "Never use colour.")
    var noColor = false

    mutating func run() async throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            Console.error("claudepm: cannot read \(TerminalSafeText.escaped(file)): \(error.localizedDescription)")
            throw ExitCode(CLIExit.usage)
        }
        let cast: Asciicast
        do {
            cast = try Asciicast.parse(data)
        } catch {
            Console.error("claudepm: \(TerminalSafeText.escaped(file)) is not a recording: \(error.description)")
            throw ExitCode(CLIExit.noMatch)
        }
        var options = ReplayOptions()
        options.noColor = noColor
        let title = cast.title.map { TerminalSafeText.escaped($0) } ?? URL(fileURLWithPath: file).lastPathComponent
        do {
            let status = try await ClientRuntime.replay(cast, title: TerminalSafeText.escaped(title), options: options)
            if status != 0 { throw ExitCode(status) }
        } catch let error as RuntimeError {
            Console.error("claudepm: \(error.description)")
            throw ExitCode(CLIExit.usage)
        }
    }
}
