// Asking every configured server at once, for the listing commands: keys and TLS are resolved
// one server after the other (a trust-on-first-use question is asked one at a time), then the
// requests run concurrently, so a server that hangs costs its timeout once, not per server.

import ClientCore
import ClientNetwork

extension CLIContext {
    /// Sends `request` to every configured server and collects the answers in config order.
    /// Each failure is reported on stderr as `claudepm: <server>: <why>`.
    func askEveryServer<Value: Sendable>(
        _ request: @escaping @Sendable (Connection) async throws -> Value
    ) async -> FleetAnswers<Value> {
        let servers = config.servers
        var results = [Result<Value, CLIFailure>?](repeating: nil, count: servers.count)
        var connections: [(Int, Connection)] = []
        for (index, server) in servers.enumerated() {
            do {
                connections.append((index, try await connect(server)))
            } catch {
                results[index] = .failure(Self.failure(error))
            }
        }
        await withTaskGroup(of: (Int, Result<Value, CLIFailure>).self) { group in
            for (index, connection) in connections {
                group.addTask {
                    do {
                        return (index, .success(try await request(connection)))
                    } catch {
                        return (index, .failure(Self.failure(error)))
                    }
                }
            }
            for await (index, result) in group { results[index] = result }
        }
        var fleet = FleetAnswers<Value>(namesServers: servers.count > 1)
        for (server, result) in zip(servers, results) {
            switch result {
            case .success(let value)?:
                fleet.answers.append((server.name, value))
            case .failure(let failure)?:
                Console.error("claudepm: \(server.name): \(failure.message)")
                fleet.failureCode = fleet.failureCode ?? failure.code
            case nil:
                break
            }
        }
        return fleet
    }

    private static func failure(_ error: any Error) -> CLIFailure {
        switch error {
        case let failure as CLIFailure: return failure
        case let error as ClientNetworkError: return CLIFailure(error)
        case let error as ConfigError: return CLIFailure(error)
        default: return CLIFailure(message: "\(error)", code: CLIExit.failure)
        }
    }
}
