// TmuxControlClient against a stand-in for `tmux -C attach-session` that answers only when the
// test says so: no command reaches tmux before the client's own attach has run. (tmux reads a
// control client's input from the moment it connects; a capture that ran before the attach was
// followed by a burst of output tmux never sent, because the client had no session yet.)
import Foundation
import Glibc
import TestSupport
import Testing

@testable import ServerCore

@Suite struct TmuxControlClientTests {
    /// Waits for `go`, notes whether a command line was already readable on its input, answers
    /// the attach (a FLAGS 0 block), then answers the first command line with that note.
    static let standIn = """
        #!/bin/bash
        dir="${0%/*}"
        read -r _ < "$dir/go"
        if read -t 0; then when=before; else when=after; fi
        printf '%%begin 1 1 0\\n%%end 1 1 0\\n%%session-changed $1 s\\n'
        IFS= read -r line
        printf '%%begin 2 2 1\\n%s %s\\n%%end 2 2 1\\n' "$when" "$line"
        while IFS= read -r _; do :; done

        """

    @Test func commandsReachTmuxOnlyAfterTheAttachHasRun() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cpm-control-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("tmux").path
        try Self.standIn.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(chmod(script, 0o755) == 0)
        let go = dir.appendingPathComponent("go").path
        #expect(mkfifo(go, 0o600) == 0)

        let client = try TmuxControlClient.start(tmux: Tmux(executable: script), session: "s") { _ in }
        defer { client.close() }
        let (replies, sink) = AsyncStream<[ControlReply]>.makeStream()
        // send() has returned: its line is either in the stand-in's input already or held.
        client.send([["display-message", "-p", "x"]]) { sink.yield($0) }
        try await offPool { try "go\n".write(toFile: go, atomically: false, encoding: .utf8) }

        var iterator = replies.makeAsyncIterator()
        let reply = try #require(await iterator.next())
        #expect(reply.count == 1 && reply[0].success)
        let text = reply.first?.text.first ?? ""
        #expect(text.hasPrefix("after ") && text.contains("display-message"), "the stand-in saw: \(text)")
    }
}
