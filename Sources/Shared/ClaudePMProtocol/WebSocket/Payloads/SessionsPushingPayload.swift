/// `{}`: the payload of `sessions:pushing` (extension), the server's answer to an event socket
/// opened with `?push=sessions`: from now on it sends `sessions:changed` for every change of the
/// session list, so the client needs no polling.
public struct SessionsPushingPayload: Sendable, Equatable, Codable {
    /// The empty payload.
    public init() {}
}
