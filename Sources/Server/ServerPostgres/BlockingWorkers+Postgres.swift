// The thread the module's background work runs on: the engine's reconnection task and the event
// relay's listener and sender. Not the Swift concurrency pool: it is only as wide as the core
// count on Linux, and under load the pool can leave these tasks waiting for seconds: health would
// not recover and events would not flow (seen with the full test suite on two cores). The work
// here only awaits the network and hands events to the bus, so one thread serves every engine
// and relay of the process.
import ServerCore

extension BlockingWorkers {
    /// The process's one PostgreSQL background thread (it starts on first use and lives as long
    /// as the process).
    static let postgres = BlockingWorkers(name: "claudepm-postgres", count: 1)
}
