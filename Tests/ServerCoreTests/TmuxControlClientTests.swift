// TmuxControlClient against a stand-in for `tmux -C attach-session` that answers only when the
// test says so: no command reaches tmux before the client's own attach has run. (tmux reads a
// control client's input from the moment it connects; a capture that ran before the attach was
// followed by a burst of output tmux never sent, because the client had no session yet.)
import Foundation
import Glibc
import Synchronization
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
        try ExecutableScript.write(Self.standIn, to: script)
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

    /// tmux 3.3a skips the rest of a command list after a command that fails and sends no block
    /// for them: the list's replies end there, and the next list gets its own replies.
    @Test func aFailedCommandEndsItsListAndTheNextListGetsItsOwnReplies() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            _ = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["sleep", "300"], environment: [:], width: 80, height: 24)
            let client = try TmuxControlClient.start(tmux: sandbox.tmux, session: name) { _ in }
            defer { client.close() }
            let answers = Mutex<[[ControlReply]]>([])
            client.send([
                ["resize-window", "-t", "@999", "-x", "10", "-y", "10"], ["display-message", "-p", "skipped"],
            ]) {
                replies in answers.withLock { $0.append(replies) }
            }
            client.send([["display-message", "-p", "first"], ["display-message", "-p", "second"]]) { replies in
                answers.withLock { $0.append(replies) }
            }
            // Without the rule the first list waits for a reply that never comes (and takes the
            // next list's): wait for both with a deadline rather than hang.
            #expect(await eventually { answers.withLock { $0.count } == 2 })
            let lists = answers.withLock { $0 }
            #expect(lists.first?.map(\.success) == [false, false])
            #expect(lists.last?.map { $0.text.first ?? "" } == ["first", "second"])
        }
    }
}
