// Trust-on-first-use memory for TLS servers, like ssh's known_hosts. One line per server:
//
//   # comment
//   pm.example.com:4847 sha256 0123…cdef   (64 hex digits)
//
// Pure text in, text out; the network layer reads and writes the file and asks the user.

/// Remembered server certificate fingerprints.
public struct KnownHosts: Equatable, Sendable {
    /// One remembered server.
    public struct Entry: Equatable, Sendable {
        /// `host:port` (IPv6 hosts in brackets).
        public var hostPort: String
        /// SHA-256 of the certificate's DER bytes, 64 lowercase hex digits.
        public var fingerprint: String

        /// Creates an entry.
        public init(hostPort: String, fingerprint: String) {
            self.hostPort = hostPort
            self.fingerprint = fingerprint
        }
    }

    /// The outcome of checking a presented certificate.
    public enum Verdict: Equatable, Sendable {
        /// The fingerprint matches the remembered one.
        case trusted
        /// Nothing is remembered for this server: ask the user (first use).
        case unknown
        /// A different fingerprint is remembered: refuse, as ssh does.
        case mismatch(expected: String)
    }

    /// The entries in file order.
    public private(set) var entries: [Entry]

    /// Creates a list.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Parses known_hosts text. Blank lines and `#` comments are skipped; anything else must be
    /// `host:port sha256 HEX`.
    public static func parse(_ text: String) throws(ConfigError) -> KnownHosts {
        var hosts = KnownHosts()
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        {
            let line = String(rawLine).trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields: [String] = line.split(whereSeparator: { (c: Character) in c == " " || c == "\t" }).map {
                String($0)
            }
            guard fields.count >= 3, fields[1].lowercased() == "sha256" else {
                throw .knownHostsSyntax(line: offset + 1, message: "expected 'host:port sha256 FINGERPRINT'")
            }
            guard let fingerprint = TLSTrust.normalizedFingerprint(fields[2]) else {
                throw .knownHostsSyntax(line: offset + 1, message: "fingerprint is not 64 hex digits")
            }
            hosts.remember(hostPort: fields[0], fingerprint: fingerprint)
        }
        return hosts
    }

    /// The remembered fingerprint for `hostPort`.
    public func fingerprint(for hostPort: String) -> String? {
        entries.first { $0.hostPort.lowercased() == hostPort.lowercased() }?.fingerprint
    }

    /// Checks a presented fingerprint (any accepted spelling) against the remembered one.
    public func verify(hostPort: String, fingerprint: String) -> Verdict {
        guard let known = self.fingerprint(for: hostPort) else { return .unknown }
        let presented = TLSTrust.normalizedFingerprint(fingerprint) ?? fingerprint.lowercased()
        return known == presented ? .trusted : .mismatch(expected: known)
    }

    /// Remembers (or replaces) the fingerprint for `hostPort`.
    public mutating func remember(hostPort: String, fingerprint: String) {
        let normalized = TLSTrust.normalizedFingerprint(fingerprint) ?? fingerprint.lowercased()
        let entry = Entry(hostPort: hostPort, fingerprint: normalized)
        if let index = entries.firstIndex(where: { $0.hostPort.lowercased() == hostPort.lowercased() }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
    }

    /// The file text for these entries, with a header comment.
    public func formatted() -> String {
        var text = "# claudepm known TLS servers: host:port sha256 certificate-fingerprint\n"
        for entry in entries {
            text += "\(entry.hostPort) sha256 \(entry.fingerprint)\n"
        }
        return text
    }

    /// The first-use question, worded like ssh's.
    public static func firstUsePrompt(hostPort: String, fingerprint: String) -> String {
        "The authenticity of server '\(hostPort)' can't be established.\n"
            + "Its certificate SHA-256 fingerprint is \(TLSTrust.displayFingerprint(fingerprint)).\n"
            + "Are you sure you want to trust it and continue connecting (yes/no)?"
    }

    /// The refusal shown when a remembered fingerprint changed.
    public static func mismatchWarning(hostPort: String, expected: String, presented: String) -> String {
        "WARNING: the certificate of '\(hostPort)' has changed. Someone could be intercepting the connection.\n"
            + "Expected \(TLSTrust.displayFingerprint(expected)),\n"
            + "got      \(TLSTrust.displayFingerprint(presented)).\n"
            + "If the change is expected, remove the line for \(hostPort) from known_hosts."
    }
}
