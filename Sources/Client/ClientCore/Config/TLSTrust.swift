// How a client decides to trust a wss/https server. The network layer turns this into a TLS
// configuration; known_hosts-style confirmation of trust-on-first-use lives in KnownHosts.swift.

/// The TLS trust policy for one server (ignored for plain http/ws URLs).
public enum TLSTrust: Equatable, Hashable, Sendable, Codable {
    /// The system trust store.
    case system
    /// Trust only certificates that chain to the CA certificate(s) in this PEM file.
    case pemFile(String)
    /// Trust exactly the certificate whose SHA-256 fingerprint is this (lowercase hex, 64 digits).
    case pinnedSHA256(String)
    /// Trust on first use: show the fingerprint, ask, remember it in known_hosts, and refuse a
    /// different one later.
    case tofu

    /// Normalises a fingerprint written as hex with optional `:` separators or a `sha256:` prefix
    /// to 64 lowercase hex digits, or returns nil if it is not a SHA-256 fingerprint.
    public static func normalizedFingerprint(_ text: String) -> String? {
        var hex = text.trimmingWhitespace().lowercased()
        if hex.hasPrefix("sha256:") { hex.removeFirst("sha256:".count) }
        hex.removeAll { $0 == ":" || $0 == " " }
        guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit }) else { return nil }
        return hex
    }

    /// Formats a 64-digit fingerprint for people: uppercase pairs separated by colons.
    public static func displayFingerprint(_ hex: String) -> String {
        var pairs: [String] = []
        var current = ""
        for character in hex.uppercased() {
            current.append(character)
            if current.count == 2 {
                pairs.append(current)
                current = ""
            }
        }
        if !current.isEmpty { pairs.append(current) }
        return pairs.joined(separator: ":")
    }
}
