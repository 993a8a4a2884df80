// What every configured server answered to one listing request. Listing commands cover all
// configured servers in config order (`--server` narrows the config to one); a server that fails
// is named on stderr and the others are still listed, then the command exits with the first
// failed server's code (docs/cli.md).

import ArgumentParser
import ClientCore

/// The answers of the servers that answered, and the first failure's exit code.
struct FleetAnswers<Value: Sendable>: Sendable {
    /// The servers that answered, in config order, each with its answer.
    var answers: [(server: String, value: Value)] = []
    /// The exit code of the first server (in config order) that failed; nil when all answered.
    var failureCode: Int32?
    /// More than one server is configured, so tables name each row's server.
    var namesServers: Bool

    /// The records of every server that answered, each with its server's name, in config order.
    func records<Record>(_ items: (Value) -> [Record]) -> [(server: String, record: Record)] {
        answers.flatMap { answer in items(answer.value).map { (answer.server, $0) } }
    }

    /// A table header, with a SERVER column first when tables name servers.
    func header(_ cells: [String]) -> [String] {
        namesServers ? ["SERVER"] + cells : cells
    }

    /// A table row, with `server` first when tables name servers.
    func row(_ server: String, _ cells: [String]) -> [String] {
        namesServers ? [server] + cells : cells
    }

    /// False when every server failed: then nothing is printed on stdout, as when the only
    /// server fails.
    var anyAnswered: Bool { !answers.isEmpty }

    /// Ends the command with the first failure's code once everything was printed.
    func finish() throws {
        if let failureCode { throw ExitCode(failureCode) }
    }
}
