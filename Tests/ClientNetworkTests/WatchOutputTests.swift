// `claudepm watch --json` as a script reads it, against a server that is not there: stdout carries
// only the event kinds docs/cli.md lists, one `offline` line per failed try (not one more with
// each retry's `connecting`), and stderr no log lines: those go to the log file.
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm binary (full build)"))
struct WatchOutputTests {
    /// The kinds docs/cli.md lists for `watch --json`.
    static let documentedKinds: Set<String> = [
        "status", "resynced", "message", "error", "late", "skipped", "offline", "roundTrip", "clock", "streams",
    ]

    @Test func aServerThatIsNotThereGivesDocumentedLinesAndNoLogOnStderr() async throws {
        let home = try TempDirectory()
        let port = try FreePort.closed()
        let (outPath, errPath) = (home.path + "/stdout.txt", home.path + "/stderr.txt")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = CLIRunner.executable("claudepm")
        process.arguments = ["watch", "--json", "--url", "http://127.0.0.1:\(port)"]
        process.environment = ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state"]
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        let lines = { (try? String(contentsOfFile: outPath, encoding: .utf8))?.split(separator: "\n") ?? [] }
        let retried = await eventually { lines().filter { $0.contains(#""status":"reconnecting""#) }.count >= 3 }
        process.interrupt()
        #expect(await ChildWait.exit(of: process) == .exited(128 + SIGINT))
        let events = lines().compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(retried, "\(lines())")
        let kinds = events.compactMap { $0["event"] as? String }
        #expect(Set(kinds).isSubset(of: Self.documentedKinds), "undocumented kinds in \(kinds)")
        let retries = events.filter { $0["status"] as? String == "reconnecting" }.count
        let offline = kinds.filter { $0 == "offline" }.count
        #expect(offline >= retries && offline <= retries + 1, "\(offline) offline lines for \(retries) retries")
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        #expect(!stderr.contains("claudepm.network") && !stderr.contains("warning"), "log lines on stderr:\n\(stderr)")
        let log = (try? String(contentsOfFile: home.path + "/state/claudepm/claudepm.log", encoding: .utf8)) ?? ""
        #expect(log.contains(" offline ("), "the failures' detail is not in the log file:\n\(log)")
    }
}
