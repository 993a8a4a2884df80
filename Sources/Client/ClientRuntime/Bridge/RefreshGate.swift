// One session-list fetch per server at a time. A pushing server sends `sessions:changed` for each
// session a discovery adopts or a sync touches; each would fetch the whole list. While a fetch is
// under way, further requests for that server only mark it asked again, and the fetch runs once
// more when it ends (its answer may predate the change that asked), so the last change is always
// fetched and a burst costs two fetches.
import Synchronization

/// Coalesces concurrent requests per server.
final class RefreshGate: Sendable {
    /// Per server with a fetch under way: whether it was asked again meanwhile.
    private let running = Mutex<[String: Bool]>([:])

    /// True when the caller should fetch now; false when a fetch is under way (it fetches again).
    func enter(_ server: String) -> Bool {
        running.withLock { state in
            guard state[server] == nil else {
                state[server] = true
                return false
            }
            state[server] = false
            return true
        }
    }

    /// After a fetch: true when it was asked again meanwhile and must fetch once more.
    func again(_ server: String) -> Bool {
        running.withLock { state in
            guard state[server] == true else {
                state[server] = nil
                return false
            }
            state[server] = false
            return true
        }
    }

    /// A fetch failed: the server is free again (the next request or period retries).
    func abandon(_ server: String) {
        _ = running.withLock { $0.removeValue(forKey: server) }
    }
}
