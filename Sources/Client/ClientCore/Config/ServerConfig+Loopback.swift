// Whether a server is reached over loopback: decides whether PTY streams are worth compressing
// (on loopback deflate only costs CPU; see docs/performance.md "Compression").

extension ServerConfig {
    /// True when the server's host is `localhost`, an IPv4 address in 127.0.0.0/8 or `::1`.
    public var isLoopback: Bool {
        guard let host = url.host?.lowercased() else { return false }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" || bare.hasSuffix(".localhost") { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
