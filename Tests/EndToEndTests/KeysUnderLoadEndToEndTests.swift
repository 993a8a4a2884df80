// Keys through the real claudepm while every core is busy and four tiles flood base64 (the
// loop then has output queued whenever a key comes): Esc in the find box and, 250 ms later, q
// must be read as two keys — the box closes, then the UI quits — not as one Alt-q that types a
// q into the box. Keys are told apart by when the input thread read them, whatever the loop
// was doing then.
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension UIEndToEndTests {
    static let floodCommand = "while :; do head -c 4000 /dev/urandom | base64; done"

    @Test("under a flood on every tile and a CPU hog, Esc then q 250 ms later closes the find box and quits")
    func escapeThenQuitUnderLoad() async throws {
        try await UIWorld.with(config: Self.fastRefresh) { world in
            try #require(await world.waitForSessions().ok, "sessions not listed")
            for index in 1...4 {
                let session = try await adoptWindow(world, Self.floodCommand)
                let rename = #"{"name":"flood-\#(index)"}"#
                _ = try await world.rest.perform(
                    "PATCH", "/api/sessions/\(session.id)/rename", body: Data(rename.utf8), resource: "rename")
            }
            // The four are renamed on the server; the screen need show only the first (other
            // adopted sessions can push the rest below the visible rows).
            let listed = await world.tmux.waitForScreen(timeout: 60) { $0.contains("flood-1") }
            try #require(listed.ok, "the flooding sessions are not listed:\n\(listed.screen)")
            try await selectRow(world, containing: "flood-1")
            let hogs = try (0..<2).map { _ in try Self.cpuHog() }
            defer {
                for hog in hogs {
                    kill(hog, SIGKILL)
                    waitpid(hog, nil, 0)
                }
            }
            let open = try await world.tmux.press("f", timeout: 30) { $0.contains("Find in every scrollback") }
            try #require(open.ok, "f did not open the find box:\n\(open.screen)")
            try await world.tmux.type("PWNED")
            let typed = await world.tmux.waitForScreen(timeout: 30) { $0.contains("PWNED") }
            try #require(typed.ok, "the query is not shown:\n\(typed.screen)")
            try await world.tmux.send(keys: "Escape")
            // The gap between the two keys is the stimulus. Keys are stamped when the input thread
            // reads them; a thread kept off both cores for longer than the gap (CI ran the whole
            // suite beside this test's flood and two hogs) reads both in one go, so the gap is
            // 250 ms, ten escape delays, where the loop used to merge keys up to 800 ms apart.
            try await Task.sleep(for: .milliseconds(250))
            let back = try await world.tmux.press("q", timeout: 60) { $0.contains("claudepm-exit=") }
            #expect(back.ok, "q after Esc did not quit:\n\(back.screen)")
            #expect(!back.screen.contains("PWNEDq"), "Esc and q were read as one Alt-q:\n\(back.screen)")
            #expect(back.screen.contains("claudepm-exit=0"), "claudepm did not exit cleanly:\n\(back.screen)")
            try await world.expectShellRestored()
        }
    }

    /// A process that keeps one core busy until killed.
    static func cpuHog() throws -> pid_t {
        var pid: pid_t = 0
        let args = ["/bin/sh", "-c", "while :; do :; done"]
        var argv = args.map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        let status = posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        return pid
    }
}
