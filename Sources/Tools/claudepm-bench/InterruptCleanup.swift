// A bench stopped by SIGINT or SIGTERM cleans up what it started before it exits: the tmux servers
// of its stages (their panes' generators die with them), then every process of its process group
// (claudepm-server, the claudepm under test, tmux clients). Without this, a stopped bench left
// its last stage running: a tmux server, a server and nine 64 KB/s generators took ~70 % of a core
// for 18 minutes and spoilt every figure measured meanwhile (session 9).
import Foundation

/// Installs the cleanup for the rest of the process.
enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// From now on SIGINT and SIGTERM stop the stages' tmux servers and the process group, then
    /// exit with 128 + the signal.
    static func install() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { cleanUp(exitingWith: 128 + number) }
            source.resume()
            sources.append(source)
        }
    }

    private static func cleanUp(exitingWith status: Int32) -> Never {
        FileHandleStderr.write("[bench] interrupted: stopping the stages' tmux servers and child processes\n")
        // The scenarios go on running meanwhile and may start a stage's tmux server after its
        // first pass (a stopped wall run left the comparison's server and generators so): stop
        // the servers, end the process group, then stop the servers again.
        for stage in StageName.allCases { TmuxControl(socketName: stage.name).killServer() }
        // Our own SIGTERM is ignored; every other process of the group (those we spawned) ends.
        kill(0, SIGTERM)
        for stage in StageName.allCases { TmuxControl(socketName: stage.name).killServer() }
        for stage in StageName.allCases { try? FileManager.default.removeItem(at: stage.root) }
        exit(status)
    }
}
