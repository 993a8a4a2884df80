// Waiting on a condition with a generous deadline instead of sleeping a fixed time: the tests
// that talk to tmux, PTYs and servers poll for the state they need.
import Foundation

/// Polls `condition` every 50 ms until it holds or `seconds` pass; returns whether it held.
public func eventually(within seconds: Double = 30, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}
