// Stopping what a test started, before the test ends. A `defer { Task { await x.stop() } }` stops
// it some time after the test returned, maybe after the suite ended or while the next test runs,
// and a stop that fails or hangs is never seen; `stopping` awaits the stop on every way out of
// the body.

/// Something a test starts and must stop: a server, a tmux harness, a viewer.
public protocol Stoppable: Sendable {
    /// Stops it and waits until it has stopped.
    func stop() async
}

/// Runs `body` with `resource`, then awaits `resource.stop()`, whether `body` returned or threw.
public func stopping<Resource: Stoppable, Value>(
    _ resource: Resource, _ body: (Resource) async throws -> Value
) async rethrows -> Value {
    let value: Value
    do {
        value = try await body(resource)
    } catch {
        await resource.stop()
        throw error
    }
    await resource.stop()
    return value
}
