// The one AsyncHTTPClient of the process. Unlike `HTTPClient.shared`, it does not keep retrying
// a refused connection until the request deadline: a server that is down is reported at once
// (the event socket has its own reconnect policy, and the CLI should fail fast).

import AsyncHTTPClient
import NIOCore

/// The process-wide HTTP client used by every `RESTClient`.
public enum SharedHTTPClient {
    /// The shared client (never shut down; it lives as long as the process).
    public static let shared: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
