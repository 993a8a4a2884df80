// A server session whose pane prints, at an instant the bench chooses, a permission prompt
// ("Do you want to proceed?", one of the server's immediate waiting patterns) or the completion
// marker. The pane runs a small shell loop that reads one line per open of a fifo; the bench
// writes the line, so the print happens a few microseconds after the write and no tmux command
// is involved in starting it. Each print clears the screen and the history first, so the
// server's capture sees only the latest of the two.
import Foundation

/// The pane that plays "Claude asks for permission" for the waiting scenario.
struct WaitingPane: Sendable {
    let sessionId: String
    let paneID: String
    let fifo: String

    private static let script = """
        fifo=$1
        printf '\\033[H\\033[2J\\033[3Jwaiting pane ready\\n'
        while :; do
            IFS= read -r line < "$fifo" || continue
            case $line in
                prompt*) printf '\\033[H\\033[2J\\033[3J%s\\nDo you want to proceed?\\n' "$line" ;;
                done*) printf '\\033[H\\033[2J\\033[3J%s\\n---TASK_COMPLETE---\\n' "$line" ;;
            esac
        done

        """

    /// Starts a session on `server` and turns its shell into the loop.
    static func make(
        server: ServerFixture, projectId: String, tmux: TmuxControl, root: URL
    ) async throws
        -> WaitingPane
    {
        let script = root.appendingPathComponent("waiting-pane.sh").path
        let fifo = root.appendingPathComponent("waiting-pane.fifo").path
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: script))
        guard mkfifo(fifo, 0o600) == 0 else { throw BenchError.setup("mkfifo \(fifo): errno \(errno)") }
        let session = try server.startSession(projectId: projectId)
        try tmux.sendLine(session.paneID, "exec /bin/sh \(shellQuoted(script)) \(shellQuoted(fifo))")
        let pane = WaitingPane(sessionId: session.id, paneID: session.paneID, fifo: fifo)
        // The loop is running once it has the fifo open (it reads the empty open as EOF and goes on).
        close(try await pane.open())
        return pane
    }

    /// Sends the pane one line; returns the instant just before the write.
    @discardableResult
    func tell(_ line: String) async throws -> ContinuousClock.Instant {
        let fd = try await open()
        defer { close(fd) }
        let start = ContinuousClock.now
        try FDIO.writeAll(fd, Array((line + "\n").utf8))
        return start
    }

    /// Opens the fifo for writing once the loop has it open for reading (within 5 s).
    private func open() async throws -> Int32 {
        for _ in 0..<5_000 {
            let fd = Foundation.open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 { return fd }
            guard errno == ENXIO || errno == EINTR else { throw BenchError.setup("open \(fifo): errno \(errno)") }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw BenchError.timeout("the waiting pane's loop did not open its fifo")
    }
}
