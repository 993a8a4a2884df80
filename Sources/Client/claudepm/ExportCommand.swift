// `claudepm export SESSION`: a session's recorded output from the server's journal (claudepm's
// extension; docs/compatibility.md) as asciicast v2 on standard output, streamed as it arrives.
// It plays in asciinema and in `claudepm replay`. An upstream server keeps no journal: its 404
// is reported as such, with status 1.

import ArgumentParser
import ClientCore
import ClientNetwork
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a session's recorded output as an asciicast (asciinema) file.",
        discussion: """
            <session> is a session id, a unique id prefix, a pane name or a ticket key (CSM-001).
            Without --since or --from, the whole journal the server keeps is written.

            Examples:
              claudepm export CSM-001 --since 30m > last-half-hour.cast
              claudepm export 1a2b --from 2026-12-05T09:00:00Z --to 2026-12-05T09:30:00Z > x.cast
              claudepm replay last-half-hour.cast
              asciinema play last-half-hour.cast
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Session id, id prefix, pane name or ticket key.")
    var session: String

    @Option(help: "Only the last part: 90s, 30m, 2h or 1d.")
    var since: String?

    @Option(help: "From this time (ISO 8601, or milliseconds since the epoch).")
    var from: String?

    @Option(help: "Up to this time (ISO 8601, or milliseconds since the epoch).")
    var to: String?

    func validate() throws {
        if since != nil && from != nil { throw ValidationError("--since and --from cannot be combined") }
        if let since, JournalTime.duration(since) == nil {
            throw ValidationError("--since takes a duration such as 90s, 30m, 2h or 1d, not '\(since)'")
        }
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, JournalTime.milliseconds(value) == nil {
                throw ValidationError("\(name) takes an ISO 8601 time (2026-12-05T09:00:00Z) or epoch milliseconds")
            }
        }
    }

    mutating func run() async throws {
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        let fromMs =
            since.flatMap(JournalTime.duration).map { now - Int64($0 * 1000) } ?? from.flatMap(JournalTime.milliseconds)
        let toMs = to.flatMap(JournalTime.milliseconds)
        let reference = session
        try await reportingFailures {
            let context = try CLIContext.load(global)
            let connection = try await context.connectPrimary()
            let rest = connection.rest
            let sessions = try await rest.sessions()
            let id = try ReferenceResolver.resolve(reference, in: sessions.map(\.referable), kind: "session")
            do {
                _ = try await rest.journalCast(session: id, fromMs: fromMs, toMs: toMs) { bytes in
                    Self.writeAll(bytes)
                }
            } catch let error as ClientNetworkError {
                guard case .notFound = error else { throw error }
                throw CLIFailure(
                    message: "\(rest.server.name) keeps no journal for session \(id.prefix(8)) "
                        + "(an upstream server, or claudepm-server with --no-journal)",
                    code: CLIExit.failure)
            }
        }
    }

    /// Writes `bytes` to standard output whole (a pipe may take them in parts).
    private static func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let n = write(1, base + offset, bytes.count - offset)
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
